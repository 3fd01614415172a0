/**
 * Steps of the guest booking flow shared by the guest e2e files: choosing a slot on the detail page, filling the
 * guest form and the local test card, and calling the public API directly (to take a slot, to look a booking up).
 */
import type { Page } from 'playwright-core';

export const TEST_CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export interface ChosenSlot {
  experienceId: string;
  date: string;
  /** The start, `HH:mm`. */
  time: string;
  /** The start time as the form offered it: the tour's span, e.g. '08:00–16:00'. */
  span: string;
  guests: number;
  /** The total the request form showed, e.g. '¥19,600'. */
  total: string;
}

/** On a detail page: picks the first bookable day, its first start time and `guests` participants (if offered). */
export async function chooseFirstSlot(page: Page, guests = 2): Promise<ChosenSlot> {
  const form = page.locator('#booking-request');
  await form.getByRole('heading', { name: 'Request for booking' }).waitFor();
  // The form's code loads when the guest gets to it (issue 34): below the fold on a phone, scroll there.
  // (In one step in the page: the form replaces its placeholder meanwhile where it is in view already.)
  await page.evaluate(() => document.getElementById('booking-request')?.scrollIntoView());
  const day = form.locator('button[role="gridcell"]:not([disabled])').first();
  await day.waitFor();
  await day.click();
  await form.getByRole('combobox', { name: 'Start time' }).click();
  const firstTime = page.getByRole('listbox').getByRole('option').first();
  // Each start is offered as its tour's span (DESIGN §4j); the booking carries the start.
  const span = (await firstTime.textContent())!.trim();
  const time = span.slice(0, 5);
  await firstTime.click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });

  await form.getByRole('combobox', { name: 'Participants' }).click();
  const label = guests === 1 ? '1 person' : `${guests} people`;
  const wanted = page.getByRole('listbox').getByRole('option', { name: label, exact: true });
  const chosen = (await wanted.count()) > 0 ? wanted : page.getByRole('listbox').getByRole('option').first();
  const chosenLabel = (await chosen.textContent())!.trim();
  await chosen.click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });

  const total = (await form.getByTestId('request-total').textContent())!.trim();
  const experienceId = new URL(page.url()).pathname.split('/').pop()!;
  const guestsChosen = chosenLabel === '1 person' ? 1 : Number.parseInt(chosenLabel, 10);
  // The date is read back from the booking data the form hands to /booking-form (after Next).
  return { experienceId, date: '', time, span, guests: guestsChosen, total };
}

/** Presses Next and waits for Booking Information; returns the date the form carried over. */
export async function goToBookingForm(page: Page, slot: ChosenSlot): Promise<ChosenSlot> {
  await page.locator('#booking-request').getByRole('button', { name: 'Next', exact: true }).click();
  await page.waitForURL('**/booking-form');
  await page.getByRole('heading', { name: 'Booking Information' }).waitFor();
  const data = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('booking-data') ?? '{}') as { date: string },
  );
  return { ...slot, date: data.date };
}

export async function fillGuestForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Hanako');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  // The field keeps digits, spaces and + ( ) - only, and prepends the dialling code (+81 by default).
  await page.getByLabel('Phone').fill('90-1234-5678');
  await page.getByLabel('Nationality').fill('Japan');
  await page.getByRole('option', { name: 'Japan', exact: true }).click();
}

export async function fillTestCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 39');
  await page.getByLabel('CVC').fill('123');
}

/** The local gateway's test card as the SPA's card form sends it (`POST /api/local-payments/confirm`). */
export const GOOD_CARD_FORM = { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' };

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function postJson<T>(baseUrl: string, path: string, body: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
