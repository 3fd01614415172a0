import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import {
  calendarCancellation,
  calendarEvent,
  calendarUid,
  googleCalendarUrl,
  type CalendarInviteInput,
} from '../../../../functions/adapters/mail/calendar-invite';
import { icsAttachment, icsText } from '../../../../functions/adapters/mail/ics-file';
import { MailDeliveryError, SesMailer } from '../../../../functions/adapters/mail/ses-mailer';
import { guestBookingApprovedMail } from '../../../../functions/adapters/mail/templates/guest-booking-approved';
import { makeBooking, makeExperience } from '../../../support/fakes/fixtures';

const booking = makeBooking({
  id: 'bkg-42',
  reference: 'QX7K2P',
  date: '2026-12-01',
  time: '23:00',
  guests: 2,
});
const experience = makeExperience({
  title: 'Night kayak, Shimanami; with tea',
  postalCode: '794-2203',
  prefecture: 'Ehime',
  city: 'Imabari',
  district: 'Omishima',
  streetAddress: '3260',
  building: null,
  mapLat: 34.2458,
  mapLng: 133.0059,
});
const input: CalendarInviteInput = {
  booking,
  experience,
  hostBusinessName: 'Setouchi Guides',
  baseUrl: 'https://ehime.example.jp/',
  siteName: 'Ehime Experiences',
};

/** The properties of an iCalendar text (lines unfolded, RFC 5545 §3.1), by name; parameters kept. */
function properties(ics: string): Map<string, string[]> {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const out = new Map<string, string[]>();
  for (const line of unfolded.split(/\r?\n/).filter(Boolean)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}

describe('calendar invitation (.ics made with the ics package)', () => {
  it('REQUEST: one event, the stable UID, Tokyo 23:00–24:00 written as UTC, the meeting point as location', () => {
    const p = properties(icsText(calendarEvent(input, 'REQUEST')));
    expect(p.get('BEGIN')).toEqual(['VCALENDAR', 'VEVENT']);
    expect(p.get('METHOD')).toEqual(['REQUEST']);
    expect(p.get('UID')).toEqual(['bkg-42@ehime.example.jp']);
    // 23:00 in Tokyo (UTC+9) is 14:00 UTC; the slot ends at midnight Tokyo, 15:00 UTC.
    expect(p.get('DTSTART')).toEqual(['20261201T140000Z']);
    expect(p.get('DTEND')).toEqual(['20261201T150000Z']);
    expect(p.get('SUMMARY')).toEqual(['Night kayak\\, Shimanami\\; with tea']);
    expect(p.get('LOCATION')?.[0]).toContain('3260');
    expect(p.get('LOCATION')?.[0]).toContain('Imabari');
    expect(p.get('GEO')).toEqual(['34.2458;133.0059']);
    expect(p.get('STATUS')).toEqual(['CONFIRMED']);
    expect(p.get('DESCRIPTION')?.[0]).toContain('QX7K2P');
    expect(p.get('DESCRIPTION')?.[0]).toContain('https://ehime.example.jp/booking-confirmation');
  });

  it('CANCEL: the same UID and times, a higher SEQUENCE, status cancelled', () => {
    const request = properties(icsText(calendarEvent(input, 'REQUEST')));
    const cancel = properties(icsText(calendarCancellation(input)));
    expect(cancel.get('METHOD')).toEqual(['CANCEL']);
    expect(cancel.get('UID')).toEqual(request.get('UID'));
    expect(cancel.get('DTSTART')).toEqual(request.get('DTSTART'));
    expect(cancel.get('STATUS')).toEqual(['CANCELLED']);
    expect(Number(cancel.get('SEQUENCE')?.[0])).toBeGreaterThan(Number(request.get('SEQUENCE')?.[0]));
  });

  it('the UID is the booking id at the site host, whatever the path or port', () => {
    expect(calendarUid('b-1', 'http://localhost:3000')).toBe('b-1@localhost');
    expect(calendarUid('b-1', 'https://ehime.example.jp/')).toBe('b-1@ehime.example.jp');
  });

  it('the attachment is text/calendar with its method, named after the reference, base64 of the file', () => {
    const a = icsAttachment(calendarEvent(input, 'REQUEST'));
    expect(a.fileName).toBe('booking-QX7K2P.ics');
    expect(a.contentType).toBe('text/calendar; charset=UTF-8; method=REQUEST');
    expect(Buffer.from(a.contentBase64, 'base64').toString('utf8')).toContain('UID:bkg-42@ehime.example.jp');
  });

  it('the Google Calendar link carries the same times and the Tokyo zone', () => {
    const url = new URL(googleCalendarUrl(input));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261201T140000Z/20261201T150000Z');
    expect(url.searchParams.get('ctz')).toBe('Asia/Tokyo');
    expect(url.searchParams.get('text')).toBe(experience.title);
  });

  it('ends at start + the tour’s own length (an 8-hour day tour, a night tour into the next day)', () => {
    const day = { ...input, booking: { ...booking, time: '08:00', durationMinutes: 480 } };
    const p = properties(icsText(calendarEvent(day, 'REQUEST')));
    expect(p.get('DTSTART')).toEqual(['20261130T230000Z']);
    expect(p.get('DTEND')).toEqual(['20261201T070000Z']);
    expect(new URL(googleCalendarUrl(day)).searchParams.get('dates')).toBe(
      '20261130T230000Z/20261201T070000Z',
    );
    const night = { ...input, booking: { ...booking, time: '20:00', durationMinutes: 360 } };
    // 20:00 Tokyo on 1 December to 02:00 on the 2nd.
    expect(properties(icsText(calendarEvent(night, 'REQUEST'))).get('DTEND')).toEqual(['20261201T170000Z']);
    // A booking from before tours had a length keeps its hour.
    const { durationMinutes: _dropped, ...old } = booking;
    expect(properties(icsText(calendarEvent({ ...input, booking: old }, 'REQUEST'))).get('DTEND')).toEqual([
      '20261201T150000Z',
    ]);
  });

  it('the approved mail links to Google Calendar and mentions the attached file (both languages)', () => {
    for (const guestLocale of ['en', 'ja'] as const) {
      const mail = guestBookingApprovedMail({ ...input, booking: { ...booking, guestLocale } });
      expect(mail.html).toContain('https://calendar.google.com/calendar/render?');
      expect(mail.text).toContain('.ics');
    }
  });
});

describe('SesMailer with a calendar event', () => {
  const sesMock = mockClient(SESv2Client);
  beforeEach(() => sesMock.reset());
  const message = { to: 'g@example.com', subject: 'Booking confirmed', text: 't', html: '<p>h</p>' };

  it('sends the event as a text/calendar attachment when the function makes files', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mailer = new SesMailer({
      from: 'no-reply@example.jp',
      client: new SESv2Client({ region: 'ap-northeast-1' }),
      calendarFile: () => icsAttachment,
    });
    await mailer.send({ ...message, calendar: calendarEvent(input, 'REQUEST') });
    const attachments = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Attachments;
    expect(attachments).toHaveLength(1);
    expect(attachments?.[0]?.FileName).toBe('booking-QX7K2P.ics');
    expect(Buffer.from(attachments![0]!.RawContent!).toString('utf8')).toContain('METHOD:REQUEST');
  });

  it('refuses (retryably) to send it without the file maker, rather than dropping the invitation', async () => {
    const mailer = new SesMailer({
      from: 'no-reply@example.jp',
      client: new SESv2Client({ region: 'ap-northeast-1' }),
    });
    await expect(
      mailer.send({ ...message, calendar: calendarEvent(input, 'REQUEST') }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
