/**
 * The guest-side audit, tried as a guest would in a real Chromium against the local stack: the mail language
 * (item 1), a declined card that keeps or gives back the guest's hold (item 3), searching from the header
 * (item 6), toasts that stay on their page (item 9) and a filter without results (item 13).
 */
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { outbox, type OutboxMail } from './support/host-flow';
import {
  chooseFirstSlot,
  fillGuestForm,
  fillTestCard,
  goToBookingForm,
  TEST_CARDS,
  uniqueEmail,
} from './support/guest-flow';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

async function mailsAbout(reference: string): Promise<OutboxMail[]> {
  return (await outbox()).filter((m) => m.subject.includes(reference));
}

/** The detail page of the first experience the list offers for a category. */
async function openExperienceOfCategory(page: Page, category: string): Promise<void> {
  const categories = (await (await fetch(`${session.baseUrl}/api/categories`)).json()) as {
    items: { id: string; name: string }[];
  };
  const id = categories.items.find((c) => c.name === category)!.id;
  await page.goto(`/experiences?categories=${id}`);
  const firstCard = page.getByRole('list', { name: 'Experiences' }).getByRole('link').first();
  await firstCard.click();
  await page.waitForURL(/\/experience\//);
}

/**
 * The detail page of an experience whose slots take one booking each (so a hold shows in its availability), the
 * oldest such one: the other guest tests start from the newest experiences.
 */
async function openExperienceOfCapacityOne(page: Page): Promise<void> {
  const list = (await (await fetch(`${session.baseUrl}/api/experiences?limit=100`)).json()) as {
    items: { id: string }[];
  };
  for (const { id } of [...list.items].reverse()) {
    const experience = (await (await fetch(`${session.baseUrl}/api/experiences/${id}`)).json()) as {
      availability: { capacity: number };
    };
    if (experience.availability.capacity === 1) {
      await page.goto(`/experience/${id}`);
      return;
    }
  }
  throw new Error('The seed has no experience of capacity 1');
}

async function chooseLanguage(page: Page, label: 'English' | 'Japanese'): Promise<void> {
  await page.locator('#booking-request').getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Presses Confirm and answers the `POST /api/bookings` the page made (the hold), if it made one. */
async function confirmAndCatchHold(page: Page): Promise<{ reference: string; bookingId: string }> {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Confirm Booking Request' }).click();
  return (await (await created).json()) as { reference: string; bookingId: string };
}

async function freeTimes(experienceId: string, date: string): Promise<string[]> {
  const res = await fetch(
    `${session.baseUrl}/api/experiences/${experienceId}/availability?from=${date}&to=${date}`,
  );
  return ((await res.json()) as { dates: Record<string, string[]> }).dates[date] ?? [];
}

describe('guest audit, in the browser', () => {
  it('item 1: a guest of the English site who books a Japanese-speaking tour is mailed in English, with the tour language as a field', async () => {
    const page = await session.newPage();
    await openExperienceOfCategory(page, 'Wellness');
    const chosen = await chooseFirstSlot(page, 1);
    await chooseLanguage(page, 'Japanese');
    await goToBookingForm(page, chosen);
    const summary = page.getByRole('region', { name: 'Booking summary' });
    await expect(summary.textContent()).resolves.toContain('Tour languageJapanese');

    const email = uniqueEmail('language');
    await fillGuestForm(page, email);
    await fillTestCard(page, TEST_CARDS.success);
    const { reference } = await confirmAndCatchHold(page);
    await page.waitForURL('**/booking-complete');
    await page.getByText('Your booking request has been sent!').waitFor();
    await expect(page.getByRole('region', { name: 'Booking summary' }).textContent()).resolves.toContain(
      'Tour languageJapanese',
    );

    await expect.poll(async () => (await mailsAbout(reference)).length, { timeout: 10_000 }).toBe(2);
    const guestMail = (await mailsAbout(reference)).find((m) => m.destination.to[0] === email)!;
    expect(guestMail.subject).toBe(
      `Booking request received: ${(await page.getByRole('region', { name: 'Booking summary' }).getByRole('link').textContent())!.trim()} (Booking ID ${reference})`,
    );
    expect(guestMail.body.text).toContain('Tour language: Japanese');
    // English throughout: not a word of kana in the mail of a guest who read the site in English.
    expect(guestMail.body.text).not.toMatch(/[\u3040-\u30ff]/);
    await page.close();
  });

  it('item 3: after a declined card, a reload resumes the guest’s own hold and another card completes that same booking', async () => {
    const page = await session.newPage();
    await openExperienceOfCategory(page, 'Interaction with Locals');
    const slot = await goToBookingForm(page, await chooseFirstSlot(page, 1));
    const email = uniqueEmail('resume');
    await fillGuestForm(page, email);
    await fillTestCard(page, TEST_CARDS.declined);
    const hold = await confirmAndCatchHold(page);
    await page.getByTestId('payment-error').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Booking Information' }).waitFor();
    await page.getByText(/Your time slot is held for you until/).waitFor();
    await expect(page.getByLabel('First name').inputValue()).resolves.toBe('Hanako');
    await expect(page.getByLabel(/^Email/).inputValue()).resolves.toBe(email);
    // The slot is the guest's own: no "no longer available", no trip back to the experience.
    await expect(page.getByText('The selected date and time are no longer available.').count()).resolves.toBe(
      0,
    );
    await expect(page.url()).toMatch(/\/booking-form$/);
    await screenshot(page, 'audit-hold-resumed');

    await fillTestCard(page, TEST_CARDS.success);
    const confirm = page.getByRole('button', { name: 'Confirm Booking Request' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL('**/booking-complete');
    await page.getByText('Your booking request has been sent!').waitFor();
    // The very booking the first attempt made: its Booking ID, no second hold.
    await expect(page.getByTestId('booking-reference').textContent()).resolves.toBe(hold.reference);
    expect(await freeTimes(slot.experienceId, slot.date)).not.toContain(slot.time);
    await page.close();
  });

  it('item 3: a guest who goes back after a declined card gives the slot back at once, and is never mailed about it', async () => {
    const page = await session.newPage();
    await openExperienceOfCapacityOne(page);
    const detailUrl = page.url();
    const slot = await goToBookingForm(page, await chooseFirstSlot(page, 1));
    await fillGuestForm(page, uniqueEmail('leaving'));
    await fillTestCard(page, TEST_CARDS.declined);
    const hold = await confirmAndCatchHold(page);
    await page.getByTestId('payment-error').waitFor();
    expect(await freeTimes(slot.experienceId, slot.date)).not.toContain(slot.time);

    const released = page.waitForResponse((r) => r.url().endsWith(`/api/bookings/${hold.bookingId}/release`));
    await page.goBack();
    await page.waitForURL(detailUrl);
    expect((await released).status()).toBe(200);
    // Free again for anyone, straight away.
    expect(await freeTimes(slot.experienceId, slot.date)).toContain(slot.time);

    // The expiry job has nothing to tell anyone: the guest never had this booking.
    await fetch(`${session.baseUrl}/api/local-jobs/expire-bookings`, { method: 'POST' });
    expect(await mailsAbout(hold.reference)).toEqual([]);
    await page.close();
  });

  it('item 6: searches from the header of any page with Enter, and from the list page', async () => {
    const page = await session.newPage();
    await page.goto('/about');
    const header = page.getByRole('banner');
    const box = header.getByRole('searchbox', { name: 'Search experiences' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page.url()).toMatch(/\/about$/);
    await box.fill('onsen');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=onsen$/);
    await page.getByText(/results? found for "onsen"/).waitFor();
    await screenshot(page, 'audit-header-search');

    await page.goto('/experiences');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search experiences' }).fill('castle');
    await page.getByRole('main').getByRole('searchbox', { name: 'Search experiences' }).press('Enter');
    await page.waitForURL(/\/search\?q=castle$/);
    await page.getByRole('heading', { name: 'Search Experience' }).waitFor();
    await page.close();
  });

  it('item 9: a toast of the detail page does not follow the guest to the booking form', async () => {
    const page = await session.newPage();
    await openExperienceOfCategory(page, 'Anniversary');
    const form = page.locator('#booking-request');
    await form.getByRole('button', { name: 'Next', exact: true }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Please fill in all required fields');

    await goToBookingForm(page, await chooseFirstSlot(page, 1));
    await expect(page.getByTestId('toast').count()).resolves.toBe(0);
    await screenshot(page, 'audit-toast-left-behind');
    await page.close();
  });

  it('item 13: a filter without results says so and offers Clear all; an unknown category is dropped', async () => {
    const page = await session.newPage();
    await page.goto('/experiences?prefecture=Okinawa');
    await page.getByText('No experiences match these filters.').waitFor();
    await expect(page.getByText('No experiences available at the moment.').count()).resolves.toBe(0);
    await screenshot(page, 'audit-no-match');
    await page.getByRole('main').getByRole('button', { name: 'Clear all' }).last().click();
    await page.waitForURL(/\/experiences$/);
    await page.getByRole('list', { name: 'Experiences' }).getByRole('link').first().waitFor();

    await page.goto('/experiences?categories=not-a-category');
    await page.getByRole('list', { name: 'Experiences' }).getByRole('link').first().waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect(page.getByRole('button', { name: 'Categories', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Clear all' }).count()).resolves.toBe(0);
    await page.close();
  });
});
