/**
 * Every link of a guest mail opens the site in the guest's language (issue 32 item 4), over HTTP through the local
 * stack: bookings made on the Japanese, Chinese and Korean sites go through every guest mail the product sends
 * (request received, approved with its calendar file and "Add to Google Calendar", denied, expired, cancelled,
 * tour reminder, review invitation), and each link to the site in the outbox — in the HTML, the text, the `.ics`
 * and the Google Calendar entry's description — carries the language's prefix.
 */
import { addDays, tokyoDateTimeToInstant } from '../../../functions/domain/calendar';
import type { GuestLocale } from '../../../functions/domain/entities';
import { DEMO_ADMIN } from '../../../scripts/seed/hosts';
import {
  addExperience,
  bearer,
  bookingBody,
  call,
  completePayment,
  createBooking,
  freeSlots,
  icsOf,
  outbox,
  signIn,
  startApiWorld,
  type ApiWorld,
  type OutboxMail,
  type Slot,
} from './support';

let world: ApiWorld;
let adminToken: string;

const LOCALES: { locale: GuestLocale; prefix: string }[] = [
  { locale: 'ja', prefix: '/ja' },
  { locale: 'zh-Hant', prefix: '/zh-hant' },
  { locale: 'ko', prefix: '/ko' },
];

beforeAll(async () => {
  world = await startApiWorld('api-mail-links-');
  adminToken = await signIn(world, 'admin', DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await world?.stop();
});

const admin = (path: string, body?: unknown) =>
  call(world, 'POST', `/api/admin/bookings/${path}`, body, bearer(adminToken));
const advance = (hours: number) =>
  call<{ now: string }>(world, 'POST', '/api/local-clock/advance', { hours });
async function moveClockTo(instant: Date) {
  const now = new Date((await advance(0)).body.now);
  const hours = (instant.getTime() - now.getTime()) / 3_600_000;
  expect(hours).toBeGreaterThanOrEqual(0);
  expect((await advance(hours)).status).toBe(200);
}
const job = async (name: string) => {
  const res = await call(world, 'POST', `/api/local-jobs/${name}`);
  expect(res.status, name).toBe(200);
};

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/g, '/')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Every URL a mail carries: HTML links, URLs in its text, its `.ics` and the Google Calendar entry's details. */
function linksOf(mail: OutboxMail): string[] {
  const html = [...(mail.body.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!));
  const text = [...(mail.body.text ?? '').matchAll(/https?:\/\/[^\s<>"')）]+/g)].map((m) => m[0]);
  const ics = icsOf(mail);
  const calendar = ics
    ? [...(ics.get('DESCRIPTION') ?? []), ...(ics.get('URL') ?? [])].flatMap((value) =>
        [
          ...value
            .replace(/\\n/g, '\n')
            .replace(/\\,/g, ',')
            .matchAll(/https?:\/\/[^\s\\]+/g),
        ].map((m) => m[0]),
      )
    : [];
  const all = [...html, ...text, ...calendar];
  // "Add to Google Calendar": the entry's description holds the site's link.
  const google = all
    .filter((u) => u.startsWith('https://calendar.google.com/'))
    .flatMap((u) =>
      [...(new URL(u).searchParams.get('details') ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
    );
  return [...all, ...google];
}

describe('links in the mails of guests who booked in Japanese, Chinese and Korean (issue 32 item 4)', () => {
  it('open the guest’s language: every mail, the calendar file and the Google Calendar entry included', async () => {
    const experience = await addExperience(world);
    const slots: Slot[] = await freeSlots(world, experience.id);
    const site = new URL(world.stack.url);
    const emails = new Map<string, { prefix: string; locale: GuestLocale }>();
    // The tours to remind of start days after the others: the 48 hours that let a request expire come first.
    const later = addDays(slots[0]!.date, 4);
    const early = slots.filter((s) => s.date < later);
    const late = slots.filter((s) => s.date >= later);
    const book = async (locale: GuestLocale, prefix: string, tag: string) => {
      const slot = (tag === 'tour' ? late : early).shift()!;
      const body = bookingBody(experience.id, slot, { guestLocale: locale });
      body.guest.email = `${tag}.${locale.toLowerCase()}.${Date.now()}@example.com`;
      emails.set(body.guest.email, { prefix, locale });
      const created = await createBooking(world, body);
      await completePayment(world, created);
      return { created, slot: { date: body.date, time: body.time } };
    };

    const toured: { id: string; slot: Slot }[] = [];
    for (const { locale, prefix } of LOCALES) {
      // The tour that is approved, reminded of, completed and reviewed.
      const tour = await book(locale, prefix, 'tour');
      expect((await admin(`${tour.created.bookingId}/approve`)).status).toBe(200);
      toured.push({ id: tour.created.bookingId, slot: tour.slot });
      // Denied: "find another date".
      const denied = await book(locale, prefix, 'denied');
      expect((await admin(`${denied.created.bookingId}/deny`, { reason: '満席のため' })).status).toBe(200);
      // Approved, then cancelled: the cancellation's calendar file.
      const cancelled = await book(locale, prefix, 'cancelled');
      expect((await admin(`${cancelled.created.bookingId}/approve`)).status).toBe(200);
      expect(
        (await admin(`${cancelled.created.bookingId}/cancel`, { reason: '台風のため', refundAmount: 0 }))
          .status,
      ).toBe(200);
      // Left unanswered: it expires after the host's 48 hours.
      await book(locale, prefix, 'expired');
    }
    await advance(49);
    await job('expire-bookings');
    // The day before the earliest tour: reminders; after the last one: completion and the review invitations.
    const starts = toured.map((t) => tokyoDateTimeToInstant(t.slot.date, t.slot.time).getTime());
    await moveClockTo(new Date(Math.min(...starts) - 20 * 3_600_000));
    await job('send-reminders');
    await moveClockTo(tokyoDateTimeToInstant(addDays(toured.at(-1)!.slot.date, 1), '12:00'));
    await job('complete-bookings');
    await job('send-review-invites');
    await job('send-mails');

    const mails = (await outbox(world)).filter((m) => m.destination.to.some((to) => emails.has(to)));
    // Received ×4, approved ×2, denied, cancelled, expired, reminder, review invitation: per language.
    const subjectsPerGuest = new Map<string, number>();
    for (const mail of mails)
      for (const to of mail.destination.to) subjectsPerGuest.set(to, (subjectsPerGuest.get(to) ?? 0) + 1);
    for (const [email] of emails) expect(subjectsPerGuest.get(email), email).toBeGreaterThanOrEqual(2);
    expect(mails.length).toBeGreaterThanOrEqual(LOCALES.length * 11);

    const wrong: string[] = [];
    let siteLinks = 0;
    for (const mail of mails) {
      const { prefix } = emails.get(mail.destination.to.find((to) => emails.has(to))!)!;
      for (const link of linksOf(mail)) {
        const url = new URL(link);
        if (url.host !== site.host) continue;
        siteLinks++;
        if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))
          wrong.push(`${mail.subject}: ${link}`);
      }
    }
    expect(wrong).toEqual([]);
    // The manage-booking links, the experience's page, the review page, the calendar's description…
    expect(siteLinks).toBeGreaterThanOrEqual(mails.length);
  });
});
