/**
 * `POST /api/local-faults { "mail"?: "down" | "up", "refunds"?: "down" | "up" }` → `200 { "mail", "refunds" }` (DESIGN §4f, §6 local-only):
 * while mail is down every delivery fails as SES's would (a `MailDeliveryError` caused by SES's
 * `ServiceUnavailable`), so people and tests can watch a mail wait in the outbox and arrive once mail is back.
 * The local stack wraps the mailer with `withLocalFaults`; nothing in AWS does.
 */
import * as z from 'zod';
import { MailDeliveryError } from '../../adapters/mail/ses-mailer';
import type { Mailer } from '../../use-cases/ports';
import type { HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody } from '../http/request';
import { json } from '../http/responses';

export interface LocalFaults {
  mail: 'down' | 'up';
  /** While `down`, the local payment gateway's refunds fail (a failed refund, seen by admins and retried). */
  refunds: 'down' | 'up';
}

const faults: LocalFaults = { mail: 'up', refunds: 'up' };

export const localFaultsSchema = z
  .strictObject({ mail: z.enum(['down', 'up']).optional(), refunds: z.enum(['down', 'up']).optional() })
  .refine((v) => v.mail !== undefined || v.refunds !== undefined, { message: 'Give mail or refunds' });

export async function setLocalFaults(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  Object.assign(faults, parseBody(event, localFaultsSchema));
  return json(200, { ...faults });
}

/** Back to no faults (a new local stack starts with mail up). */
export function resetLocalFaults(): void {
  faults.mail = 'up';
  faults.refunds = 'up';
}

/** The local gateway's refund fault switch. */
export const localRefundsFail = (): boolean => faults.refunds === 'down';

/** The mailer, failing while mail is down. */
export function withLocalFaults(real: Mailer): Mailer {
  return {
    async send(message) {
      if (faults.mail === 'down') {
        const cause = Object.assign(new Error('Service Unavailable (local fault: mail is down)'), {
          name: 'ServiceUnavailable',
          $metadata: { httpStatusCode: 503 },
        });
        throw new MailDeliveryError(
          `SES did not send the mail "${message.subject}" (ServiceUnavailable: ${cause.message})`,
          { cause },
        );
      }
      await real.send(message);
    },
  };
}
