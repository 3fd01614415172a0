/**
 * The outbox sender's Lambda (DESIGN §4f). Two triggers, one handler:
 * - the table's stream, filtered on new mail items (`type = Mail`, INSERT): delivers those mails at once;
 * - EventBridge Scheduler every minute: delivers every mail that is due (retries after backoff, and any mail a
 *   stream batch could not take).
 * Locally the stack calls `deliverMails` right after the write and runs `handler` on its own schedule and for
 * `POST /api/local-jobs/send-mails`.
 *
 * A mail that fails is recorded on its item (retry or `failed`), never thrown: a thrown error would make the
 * stream retry the whole batch. Only a batch that cannot be read at all throws (the stream then retries it and,
 * after its retries, parks it in the dead-letter queue; the scheduled run still delivers its mails).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { icsAttachment } from '../adapters/mail/ics-file';
import { mailRuntime, useCalendarFiles } from '../adapters/runtime/mail-runtime';
import { consoleJsonLogger, errorFields } from '../use-cases/console-logger';
import type { SendMailsResult } from '../use-cases/send-mails';

// The sender makes the `.ics` files of approved and cancelled bookings' mails (only its bundle carries `ics`).
useCalendarFiles(icsAttachment);

/** The mail ids of a stream batch (new images of mail items). */
export function mailIdsOf(event: DynamoDBStreamEvent): string[] {
  return event.Records.flatMap((r) => {
    const image = r.dynamodb?.NewImage;
    const id = image?.type?.S === 'Mail' ? image.id?.S : undefined;
    return id ? [id] : [];
  });
}

/** The local stack's stand-in for the stream: delivers the mails just written, in the same process. */
export async function deliverMails(ids: string[]): Promise<void> {
  await mailRuntime().sendMails.deliver(ids);
}

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent =>
  Array.isArray((event as { Records?: unknown })?.Records);

export async function handler(event?: unknown): Promise<SendMailsResult> {
  const started = performance.now();
  try {
    const { sendMails } = mailRuntime();
    const result = isStreamEvent(event)
      ? await sendMails.deliver(mailIdsOf(event))
      : await sendMails.sendDue();
    if (result.sent + result.retrying + result.failed > 0) {
      consoleJsonLogger[result.failed > 0 || result.retrying > 0 ? 'warn' : 'info']('Mail sender', {
        ...result,
        ms: Math.round(performance.now() - started),
      });
    }
    return result;
  } catch (e) {
    consoleJsonLogger.error('Mail sender failed', {
      ms: Math.round(performance.now() - started),
      ...errorFields(e),
    });
    throw e;
  }
}
