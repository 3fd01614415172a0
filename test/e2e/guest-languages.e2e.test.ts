/**
 * Issue 19 in a real browser at 375 px: the guest pages (home, list, detail, booking form, lookup) in Japanese,
 * Traditional Chinese and Korean under their prefixes, without horizontal overflow and with their language's line
 * breaking; `<html lang>`, hreflang and canonical; the switcher keeps the page and its query and is remembered;
 * the language note is offered once; a booking made on /ko gets its mail in Korean.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from './support/browser';
import { hydrated } from './support/hydration';
import { TEST_CARDS, uniqueEmail } from './support/guest-flow';
import { SEED_EXPERIENCES } from '../../scripts/seed/experiences';

let session: BrowserSession;
let phone: BrowserContext;
let page: Page;

beforeAll(async () => {
  session = await openBrowser();
  phone = await session.browser.newContext({
    baseURL: session.baseUrl,
    viewport: { width: 375, height: 740 },
    locale: 'en-US',
  });
  page = await phone.newPage();
});

afterAll(async () => {
  await phone?.close();
  await session?.close();
});

async function seededExperienceId(): Promise<string> {
  const res = await fetch(`${session.baseUrl}/api/experiences?limit=50`);
  const body = (await res.json()) as { items: { id: string }[] };
  const seeded = new Set(SEED_EXPERIENCES.map((e) => e.id));
  return body.items.find((item) => seeded.has(item.id))!.id;
}

async function expectNoHorizontalOverflow(name: string, on: Page = page): Promise<void> {
  const { scrollWidth, innerWidth } = await on.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} overflows sideways`).toBeLessThanOrEqual(innerWidth);
}

interface MailRecord {
  subject: string;
  destination: { to: string[] };
  body: { text?: string };
}

async function mailTo(email: string): Promise<MailRecord> {
  const store = new URL('store', inject('mailboxUrl')).toString();
  for (let i = 0; i < 60; i++) {
    const { emails } = (await (await fetch(store)).json()) as { emails: MailRecord[] };
    const mail = emails.find((m) => m.destination.to.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail to ${email}`);
}

const LANGUAGES = [
  {
    prefix: 'ja',
    lang: 'ja',
    lineBreak: ['line-break', 'strict'],
    home: '日本の伝統に飛び込もう',
    list: '体験一覧',
    form: '予約リクエスト',
    booking: '予約情報',
    lookup: '予約の確認',
  },
  {
    prefix: 'zh-hant',
    lang: 'zh-Hant',
    lineBreak: ['line-break', 'strict'],
    home: '走進日本傳統',
    list: '體驗',
    form: '預訂申請',
    booking: '預訂資料',
    lookup: '查詢您的預訂',
  },
  {
    prefix: 'ko',
    lang: 'ko',
    lineBreak: ['word-break', 'keep-all'],
    home: '일본의 전통 속으로',
    list: '체험',
    form: '예약 요청',
    booking: '예약 정보',
    lookup: '예약 확인',
  },
] as const;

describe('the guest site in Korean', () => {
  it('offers the browser language once, without moving the guest', async () => {
    await page.goto('/ko');
    const note = page.getByRole('region', { name: 'This site is also available in English.' });
    // It appears once the guest scrolls (issue 34: it never pushes a page that has not moved).
    await hydrated(page);
    await page.mouse.wheel(0, 300);
    await note.waitFor();
    expect(new URL(page.url()).pathname).toBe('/ko');
    await note.getByRole('button', { name: 'Close' }).click();
    await note.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: '일본의 전통 속으로' }).waitFor();
    await page.waitForTimeout(500);
    expect(await note.count()).toBe(0);
  });

  it('books on /ko and the guest is mailed in Korean', async () => {
    await page.goto(`/ko/experience/${await seededExperienceId()}`);
    const form = page.locator('#booking-request');
    await form.getByRole('heading', { name: '예약 요청' }).waitFor();
    // The form's code loads when the guest gets to it (issue 34): below the fold at 375 px, so scroll there.
    await page.evaluate(() => document.getElementById('booking-request')?.scrollIntoView());
    await form.locator('button[role="gridcell"]:not([disabled])').first().click();
    await form.getByRole('combobox', { name: '시작 시간' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('button', { name: '다음', exact: true }).click();
    await page.waitForURL('**/ko/booking-form');
    await page.getByRole('heading', { name: '예약 정보' }).waitFor();
    await expectNoHorizontalOverflow('ko booking form');

    const email = uniqueEmail('korean');
    await page.getByLabel(/^이름/).fill('Minji');
    await page.getByLabel(/^성/).fill('Kim');
    await page.locator('input[name="email"]').fill(email);
    await page.getByLabel(/^이메일 확인/).fill(email);
    await page.getByLabel(/^전화번호/).fill('90-1234-5678');
    await page.getByLabel(/^국적/).fill('대한민국');
    await page.getByRole('option', { name: '대한민국', exact: true }).click();
    await page.getByLabel('카드 번호').fill(TEST_CARDS.success);
    await page.getByLabel('유효기간 (MM / YY)').fill('12 / 39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: '예약 요청 확정하기' }).click();
    await page.waitForURL('**/ko/booking-complete', { timeout: 30_000 });
    await page.getByText('예약 요청이 전송되었습니다!').waitFor();

    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/^예약 요청 접수: .+ \(예약 번호 [A-Z0-9]{6}\)$/);
    expect(mail.body.text).toContain('예약을 요청해 주셔서 감사합니다');
  });
});

describe.each(LANGUAGES)('the guest pages in $lang at 375 px', (language) => {
  it('home, list, detail, booking form and lookup: translated, no sideways overflow, its line breaking', async () => {
    const id = await seededExperienceId();
    const pages = [
      {
        name: 'home',
        path: `/${language.prefix}`,
        ready: () => page.getByRole('heading', { name: language.home }),
      },
      {
        name: 'list',
        path: `/${language.prefix}/experiences?prefecture=Ehime`,
        ready: () => page.getByRole('list', { name: language.list, exact: true }).getByRole('link').first(),
      },
      {
        name: 'detail',
        path: `/${language.prefix}/experience/${id}`,
        ready: () => page.locator('#booking-request').getByRole('heading', { name: language.form }),
      },
      {
        name: 'lookup',
        path: `/${language.prefix}/booking-confirmation`,
        ready: () => page.getByRole('dialog', { name: language.lookup }),
      },
    ];
    for (const target of pages) {
      await page.goto(target.path);
      await target.ready().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
      await expectNoHorizontalOverflow(`${language.lang} ${target.name}`);
      const [property, value] = language.lineBreak;
      const style = await page.evaluate((p) => getComputedStyle(document.body).getPropertyValue(p), property);
      expect(style, `${language.lang} ${property}`).toBe(value);
      await screenshot(page, `i18n-${language.prefix}-${target.name}-375`);
    }

    // The booking form with a choice carried over (as the detail page's Next leaves it in this tab).
    await page.goto(`/${language.prefix}/experience/${id}`);
    const form = page.locator('#booking-request');
    await form.getByRole('heading', { name: language.form }).waitFor();
    await page.evaluate(() => document.getElementById('booking-request')?.scrollIntoView());
    await form.locator('button[role="gridcell"]:not([disabled])').first().click();
    await form.getByRole('combobox').first().click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await form.getByRole('button').last().click();
    await page.waitForURL(`**/${language.prefix}/booking-form`);
    await page.getByRole('heading', { name: language.booking }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
    await expectNoHorizontalOverflow(`${language.lang} booking form`);
    await screenshot(page, `i18n-${language.prefix}-booking-form-375`);
  });
});

describe('the static pages and /ehime in their language at 375 px', () => {
  it.each([
    { path: '/ko/about', lang: 'ko', heading: '서비스 소개', text: '두 가지 예약 방법' },
    { path: '/zh-hant/faq', lang: 'zh-Hant', heading: '常見問題', text: '如何在線上預訂體驗？' },
    { path: '/ja/ehime', lang: 'ja', heading: '愛媛を旅する', text: '愛媛へのアクセス' },
  ])(
    '$path: server-rendered in its language, hydrated without errors, no sideways overflow',
    async (target) => {
      const served = await (await fetch(`${session.baseUrl}${target.path}`)).text();
      expect(served).toContain(`<html lang="${target.lang}">`);
      expect(served).toContain(target.text);
      const tab = await phone.newPage();
      const problems: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error' || /hydrat/i.test(m.text())) problems.push(m.text());
      });
      tab.on('pageerror', (e) => problems.push(e.message));
      try {
        await tab.goto(target.path);
        await tab.getByRole('heading', { name: target.heading, level: 1 }).waitFor();
        await hydrated(tab);
        await tab.getByText(target.text).first().waitFor();
        expect(await tab.evaluate(() => document.documentElement.lang)).toBe(target.lang);
        // Written in the language: no "this page is in English" note.
        expect(await tab.getByRole('note').count()).toBe(0);
        await expectNoHorizontalOverflow(target.path, tab);
        if (target.path === '/zh-hant/faq') {
          // The answers open once React owns the page.
          await tab.getByRole('button', { name: '如何在線上預訂體驗？' }).click();
          await tab.getByText(/開啟體驗頁面/).waitFor();
        }
        await screenshot(tab, `i18n-static-${target.lang}-375`);
        expect(problems, target.path).toEqual([]);
      } finally {
        await tab.close();
      }
    },
  );
});

describe('the language switcher and the page head', () => {
  it('keeps the page and its query, remembers the choice, and keeps links inside the language', async () => {
    await page.goto('/ko/experiences?prefecture=Ehime');
    await page.getByRole('list', { name: '체험', exact: true }).getByRole('link').first().waitFor();
    // The prefecture in Korean (the filter's button and the cards).
    await page.getByRole('button', { name: '에히메현' }).waitFor();
    expect(await page.getByRole('list', { name: '체험', exact: true }).textContent()).toContain('에히메현 ');
    const links = await page.$$eval('link[rel="alternate"][hreflang]', (els) =>
      els.map((e) => [e.getAttribute('hreflang'), new URL((e as HTMLLinkElement).href).pathname]),
    );
    expect(Object.fromEntries(links)).toEqual({
      en: '/experiences',
      ja: '/ja/experiences',
      'zh-Hant': '/zh-hant/experiences',
      ko: '/ko/experiences',
      'x-default': '/experiences',
    });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/ko\/experiences$/);

    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('combobox', { name: '언어' }).selectOption('ja');
    await page.waitForURL('**/ja/experiences?prefecture=Ehime');
    await page.getByRole('heading', { name: '体験一覧', level: 1 }).waitFor();
    await page.getByRole('button', { name: '愛媛県' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await page.evaluate(() => localStorage.getItem('site-language'))).toBe('ja');

    // A card of the Japanese list opens the Japanese detail page.
    await page.getByRole('list', { name: '体験一覧', exact: true }).getByRole('link').first().click();
    await page.waitForURL(/\/ja\/experience\//);
    await page.locator('#booking-request').getByRole('heading', { name: '予約リクエスト' }).waitFor();
  });
});
