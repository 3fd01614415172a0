/**
 * Each e2e file connects to the one Chromium of the global setup and opens its own context (fresh cookies and
 * storage), so files cannot leak state into each other.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  baseUrl: string;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function openBrowser(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserSession> {
  const browser = await chromium.connect(inject('browserWsEndpoint'));
  const baseUrl = inject('baseUrl');
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-US',
  });
  return {
    browser,
    context,
    baseUrl,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
