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
  invoiceRegistrationProblem,
  normaliseInvoiceRegistrationNumber,
  type InvoiceRegistrantKind,
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

/**
 * The profile form's check of the two fields together, the rule the use case applies to the pair as it will be
 * stored (`invoiceRegistrationProblem`): a corporation's number must carry the corporate number's check digit. Its
 * message sits on the number's field.
 */
export function refineInvoiceRegistration(
  value: { invoiceRegistrationNumber: string | null; invoiceRegistrant: InvoiceRegistrantKind },
  ctx: z.RefinementCtx,
): void {
  if (value.invoiceRegistrationNumber === null) return;
  const problem = invoiceRegistrationProblem(value.invoiceRegistrationNumber, value.invoiceRegistrant);
  if (problem) ctx.addIssue({ code: 'custom', path: ['invoiceRegistrationNumber'], message: problem });
}
