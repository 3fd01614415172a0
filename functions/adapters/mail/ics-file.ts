/**
 * The `.ics` file of a mail's calendar event, made with the `ics` package when the mail is sent (only the
 * functions that send mail carry the package: it is ~80 KB minified with its validation, more than the host API's
 * bundle has to spare).
 */
import { createEvent, type DateArray } from 'ics';
import type { CalendarEvent, MailAttachment } from '../../use-cases/ports';

const utcArray = (iso: string): DateArray => {
  const d = new Date(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
};

/** The file's text; throws when `ics` refuses the event (a bug, never a guest's input). */
export function icsText(event: CalendarEvent): string {
  const { error, value } = createEvent({
    uid: event.uid,
    method: event.method,
    productId: event.productId,
    title: event.title,
    description: event.description,
    location: event.location,
    ...(event.geo ? { geo: event.geo } : {}),
    start: utcArray(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    // A cancellation must outrank the invitation it withdraws (RFC 5546: a higher SEQUENCE).
    sequence: event.method === 'CANCEL' ? 1 : 0,
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar file');
  return value;
}

export function icsAttachment(event: CalendarEvent): MailAttachment {
  return {
    fileName: event.fileName,
    contentType: `text/calendar; charset=UTF-8; method=${event.method}`,
    contentBase64: Buffer.from(icsText(event), 'utf8').toString('base64'),
  };
}
