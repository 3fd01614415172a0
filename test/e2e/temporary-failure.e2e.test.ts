/**
 * A guest whose page meets a dependency that is down for a moment (DESIGN §4f), in a real browser against the local
 * stack: the API's first answer for the catalogue is `503 service_unavailable` with `Retry-After: 1`; the page says
 * calmly that it is trying again, asks again on its own after that second, and shows the experiences.
 */
import type { Route } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';

let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
});

it('the catalogue retries a 503 on its own, with a calm note meanwhile, then shows the experiences', async () => {
  const page = await session.newPage();
  const asked: number[] = [];
  await page.route('**/api/experiences?*', async (route: Route) => {
    asked.push(Date.now());
    if (asked.length > 1) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
      body: JSON.stringify({
        error: {
          code: 'service_unavailable',
          message: 'The service is not answering right now. Please try again in a moment.',
        },
      }),
    });
  });
  // With a filter: the prerendered list (issue 17) is the unfiltered one, so this page asks the API on load
  // whatever the age of the prerendered HTML (a fresh one would be hydrated without asking).
  await page.goto('/experiences?prefecture=Ehime');

  const note = page.getByRole('status').filter({ hasText: 'We’re having a moment — trying again…' });
  await note.waitFor();
  await page.getByRole('list', { name: 'Experiences' }).getByRole('link').first().waitFor();
  await note.waitFor({ state: 'detached' });
  expect(asked).toHaveLength(2);
  // The second request waited for the Retry-After the API sent.
  expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(900);
  await page.close();
});
