/**
 * `POST /api/local-faults { "mail"?, "refunds"?, "paymentEvents"? }` → `200` the faults in force (DESIGN §4f, §6
 * local-only). `refunds: "pending"` makes the local gateway answer refunds `pending`; moving on to `up` (or `down`)
 * then makes them succeed (or fail), each with `charge.refund.updated`. `paymentEvents: "duplicate"` delivers every
 * payment event twice; `"held"` keeps them until the switch moves on, then delivers them newest first.
 *
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
  refunds: 'down' | 'up' | 'pending';
  paymentEvents: 'normal' | 'duplicate' | 'held';
}

const faults: LocalFaults = { mail: 'up', refunds: 'up', paymentEvents: 'normal' };

export const localFaultsSchema = z
  .strictObject({
    mail: z.enum(['down', 'up']).optional(),
    refunds: z.enum(['down', 'up', 'pending']).optional(),
    paymentEvents: z.enum(['normal', 'duplicate', 'held']).optional(),
  })
  .refine((v) => v.mail !== undefined || v.refunds !== undefined || v.paymentEvents !== undefined, {
    message: 'Give mail, refunds or paymentEvents',
  });

/** What the local stack hears when a switch moves (it settles pending refunds, releases held events). */
export interface LocalFaultListeners {
  refundsMoved?: (to: LocalFaults['refunds'], from: LocalFaults['refunds']) => Promise<void>;
  paymentEventsMoved?: (to: LocalFaults['paymentEvents']) => Promise<void>;
}
let listeners: LocalFaultListeners = {};

export function onLocalFaults(next: LocalFaultListeners): void {
  listeners = next;
}

export async function setLocalFaults(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const change = parseBody(event, localFaultsSchema);
  const before = { ...faults };
  Object.assign(faults, change);
  if (change.refunds && change.refunds !== before.refunds)
    await listeners.refundsMoved?.(change.refunds, before.refunds);
  if (change.paymentEvents && change.paymentEvents !== before.paymentEvents) {
    await listeners.paymentEventsMoved?.(change.paymentEvents);
  }
  return json(200, { ...faults });
}

/** Back to no faults (a new local stack starts with mail up). */
export function resetLocalFaults(): void {
  faults.mail = 'up';
  faults.refunds = 'up';
  faults.paymentEvents = 'normal';
  listeners = {};
}

/** The local gateway's refund fault switch. */
export const localRefundsFail = (): boolean => faults.refunds === 'down';
export const localRefundsPending = (): boolean => faults.refunds === 'pending';
export const localPaymentEventsMode = (): LocalFaults['paymentEvents'] => faults.paymentEvents;

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
