/**
 * The host's invoice registration number on `PATCH /api/host/me` (issue 28; DESIGN §6 wave 4): `T` + 13 digits, or
 * null to remove it, and whose number it is. The form is checked here as sent; the check digit of a corporation's
 * number needs both fields as they will be stored, so the use case checks it on the merged profile
 * (`invoiceRegistrationProblem`).
 */
import * as z from 'zod';
import {
  invoiceRegistrantKinds,
  invoiceRegistrationMessages,
  normaliseInvoiceRegistrationNumber,
} from '../invoice-registration';

export const INVOICE_REGISTRANT_MESSAGE = '登録番号の区分を選択してください';

export const hostInvoiceSchema = z.object({
  invoiceRegistrationNumber: z
    .string({ error: invoiceRegistrationMessages.format })
    .max(40, { error: invoiceRegistrationMessages.format })
    .transform(normaliseInvoiceRegistrationNumber)
    .nullable()
    // Blank removes the number, as null does.
    .transform((v) => (v ? v : null)),
  invoiceRegistrant: z.enum(invoiceRegistrantKinds, { error: INVOICE_REGISTRANT_MESSAGE }),
});
export type HostInvoice = z.infer<typeof hostInvoiceSchema>;
