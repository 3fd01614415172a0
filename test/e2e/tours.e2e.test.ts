/**
 * Tours with a length in a real Chromium against the shared local stack (issue 30, DESIGN §4j). The demo host sets
 * an 8-hour day tour with one start at 08:00 in the experience form (hours and minutes), a guest sees its length
 * and that one start as 08:00–16:00, books it, finds the span on the booking form and the lookup, and the approved
 * mail's calendar file spans 8 hours. Then the host's slot calendar shows a booked tour of the seeded cycling day
 * (8 hours from 08:00) as the span it occupies. Everything is found by its own id or title, never "the newest".
 */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { tokyoDateTimeToInstant } from '../../functions/domain/calendar';
import { DEMO_HOST } from '../../scripts/seed/hosts';
import { asAdmin } from './support/admin-flow';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import {
  chooseFirstSlot,
  fillGuestForm,
  fillTestCard,
  goToBookingForm,
  TEST_CARDS,
  uniqueEmail,
} from './support/guest-flow';
import { onSiteOrigin, openSignedIn, photoFile, uploadMainPhotos } from './support/host-flow';
import { requestOn } from './support/requests';

let session: BrowserSession;
const title = `Shimanami day ride ${Date.now()}`;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function signedInPage(path: string): Promise<Page> {
  const page = await session.newPage();
  await openSignedIn(page, onSiteOrigin(session.baseUrl, path), DEMO_HOST.email, DEMO_HOST.password);
  return page;
}

/** Picks `option` (its whole name) in the select `combobox`. */
async function pick(page: Page, combobox: ReturnType<Page['getByRole']>, option: string) {
  await combobox.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

interface StoredMail {
  subject: string;
  attachments?: { filename: string; content: string }[];
}

/** DTSTART and DTEND of the `.ics` of the newest mail whose subject has `subject` and `reference`. */
async function calendarFileOf(subject: string, reference: string) {
  for (let tries = 0; tries < 60; tries++) {
    const store = (await (await fetch(new URL('store', inject('mailboxUrl')))).json()) as {
      emails: StoredMail[];
    };
    const mail = store.emails
      .filter((m) => m.subject.includes(subject) && m.subject.includes(reference))
      .at(-1);
    const file = mail?.attachments?.find((a) => a.filename.endsWith('.ics'));
    if (file) {
      const text = Buffer.from(file.content, 'base64')
        .toString('utf8')
        .replace(/\r?\n[ \t]/g, '');
      const value = (name: string) => new RegExp(`^${name}[^:\\n]*:(.+)$`, 'm').exec(text)?.[1]?.trim();
      return { start: value('DTSTART'), end: value('DTEND') };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No "${subject}" mail with a calendar file for ${reference}`);
}

const icsUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe('a tour with a length', () => {
  let experienceId = '';

  it('the host sets an 8-hour day tour with one start at 08:00 in hours and minutes', async () => {
    const page = await signedInPage('/host/experience/create');
    await page.getByRole('heading', { name: '新しい体験を作成' }).waitFor();
    await page.getByRole('textbox', { name: /^タイトル/ }).fill(title);
    await page.getByRole('textbox', { name: /^郵便番号/ }).fill('794-2203');
    await expect.poll(() => page.getByRole('textbox', { name: /^市区町村/ }).inputValue()).not.toBe('');
    await page.getByRole('textbox', { name: /^番地/ }).fill('1-1');
    await page.getByRole('textbox', { name: /^大人料金/ }).fill('15000');
    await uploadMainPhotos(page, [await photoFile('ride.jpg', 1600, 1200, 40)]);

    const duration = page.getByRole('group', { name: '所要時間' });
    await pick(page, duration.getByRole('combobox').first(), '8時間');
    await pick(page, duration.getByRole('combobox').nth(1), '0分');
    await expect(page.getByTestId('duration-help').textContent()).resolves.toContain('「8時間」');
    await page.getByRole('radio', { name: /^開始時刻を指定する/ }).check();
    await pick(page, page.getByRole('combobox', { name: '開始時刻を追加' }), '08:00');
    await page.getByRole('button', { name: '追加', exact: true }).click();
    const starts = page.getByRole('list', { name: '指定した開始時刻' });
    await expect(starts.getByRole('listitem').allTextContents()).resolves.toEqual(['08:00–16:00']);
    await expect(page.getByTestId('slots-per-day').textContent()).resolves.toContain('1日 1 枠: 08:00–16:00');
    await page.locator('#hours').screenshot({ path: 'test-results/screenshots/host-tour-times-desktop.png' });

    await page.getByRole('radio', { name: /^公開/ }).check();
    await page.getByRole('button', { name: '体験を作成' }).click();
    await page.waitForURL('**/host/experiences');
    await page.getByTestId('experience-row').filter({ hasText: title }).click();
    await page.waitForURL(/\/host\/experience\//);
    experienceId = new URL(page.url()).pathname.split('/').pop()!;
    await page.close();
  });

  it('a guest sees its length and one start, books it, reads the span, and the calendar file spans 8 hours', async () => {
    expect(experienceId).not.toBe('');
    const page = await session.newPage();
    await page.goto(`/experience/${experienceId}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('Duration: 8 hours').first().waitFor();

    // Every bookable day offers one start, shown as the span of its tour.
    const form = page.locator('#booking-request');
    await form.getByRole('heading', { name: 'Request for booking' }).waitFor();
    await form.locator('button[role="gridcell"]:not([disabled])').first().click();
    await form.getByRole('combobox', { name: 'Start time' }).click();
    await expect(page.getByRole('listbox').getByRole('option').allTextContents()).resolves.toEqual([
      '08:00–16:00',
    ]);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'guest-tour-detail-desktop');

    const slot = await goToBookingForm(page, await chooseFirstSlot(page, 1));
    expect(slot).toMatchObject({ time: '08:00', span: '08:00–16:00' });
    const summary = page.getByText('08:00–16:00 (Japan time)');
    await summary.first().waitFor();
    await page.getByText('8 hours', { exact: true }).first().waitFor();
    const email = uniqueEmail('day-ride');
    await fillGuestForm(page, email);
    await fillTestCard(page, TEST_CARDS.success);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST',
    );
    const confirm = page.getByRole('button', { name: 'Confirm Booking Request' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    const booking = (await (await created).json()) as { bookingId: string; reference: string };
    await page.waitForURL('**/booking-complete');

    // The lookup shows the span and the length.
    await page.goto('/booking-confirmation');
    const dialog = page.getByRole('dialog', { name: 'Manage Your Booking' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Booking ID').fill(booking.reference);
    await dialog.getByRole('button', { name: 'Check My Booking' }).click();
    await page.getByTestId('booking-status').waitFor();
    await page.getByText('08:00–16:00 (Japan time)').first().waitFor();
    await page.getByText('8 hours', { exact: true }).first().waitFor();
    await screenshot(page, 'guest-tour-lookup-desktop');
    await page.close();

    // Approved, the guest's calendar file runs from 08:00 to 16:00 Tokyo time.
    const approved = await asAdmin('POST', `/api/admin/bookings/${booking.bookingId}/approve`);
    expect(approved.status).toBe(200);
    const ics = await calendarFileOf('Booking confirmed', booking.reference);
    const start = tokyoDateTimeToInstant(slot.date, '08:00');
    expect(ics.start).toBe(icsUtc(start));
    expect(ics.end).toBe(icsUtc(new Date(start.getTime() + 8 * 3_600_000)));
  });

  it("the host's slot calendar shows a booked tour of the seeded cycling day as the span it occupies", async () => {
    const cycling = 'Shimanami Kaido Island-Hopping Cycling Day';
    const request = await requestOn(cycling, 'cycling-span');
    expect(request.time).toBe('08:00');
    const seeded = (await (await fetch(`${session.baseUrl}/api/experiences?limit=100`)).json()) as {
      items: { id: string; title: string }[];
    };
    const id = seeded.items.find((c) => c.title === cycling)!.id;

    const page = await signedInPage(`/host/experience/${id}`);
    await page.getByRole('heading', { name: cycling }).waitFor();
    const month = request.date.slice(0, 7);
    const grid = () =>
      page.getByRole('grid', { name: `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月の予約枠` });
    while (!(await grid().isVisible())) await page.getByRole('button', { name: '次の月' }).click();
    await grid()
      .getByRole('gridcell', { name: new RegExp(`^${request.date.replaceAll('-', '/')}`) })
      .click();
    const booked = page.getByRole('list', { name: '予約済みのツアー' });
    await expect(booked.textContent()).resolves.toMatch(/08:00–16:00 \d+ 件/);
    await page.getByTestId('booked-timeline').waitFor();
    await expect(page.getByRole('listitem', { name: '08:00 の枠' }).textContent()).resolves.toContain(
      '08:00–16:00',
    );
    await screenshot(page, 'host-slot-calendar-spans-desktop');
    await page.close();
  });
});
