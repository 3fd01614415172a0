import { screen } from '@testing-library/react';
import { PRICE_TERMS } from '@domain/price-terms';
import { guestRequestReceivedMail } from '../../../functions/adapters/mail/templates/guest-request-received';
import { hostNewRequestMail } from '../../../functions/adapters/mail/templates/host-new-request';
import type { Booking } from '../../../functions/domain/entities';
import { CommercialNoticePage } from '../../../web/src/features/static-pages/pages/commercial-notice-page';
import { FaqPage } from '../../../web/src/features/static-pages/pages/faq-page';
import { staticPagesContent } from '../../../web/src/features/static-pages/content';
import { TermsPage } from '../../../web/src/features/static-pages/pages/terms-page';
import { renderWithApp } from './support/render';

/** Anything that says tax or a card fee comes on top of the price. */
const SAYS_EXTRA =
  /(tax|card (processing )?fee)[^.]*\b(extra|additional|on top)\b|\bextra\b[^.]*(tax|card (processing )?fee)/i;

describe('what the price includes (consumption tax and card fees)', () => {
  beforeAll(() => staticPagesContent.load('en'));

  it('the FAQ, the terms and the commercial notice all state the one price statement, and none calls tax or a card fee extra', async () => {
    for (const Page of [FaqPage, TermsPage, CommercialNoticePage]) {
      const { container, unmount } = renderWithApp(<Page />);
      expect(container.textContent).toContain(PRICE_TERMS.en);
      expect(container.textContent).not.toMatch(SAYS_EXTRA);
      unmount();
    }
    // The FAQ's answers are collapsed; their text is checked as data too.
    const { faq } = await staticPagesContent.load('en');
    expect(faq.groups.flatMap((g) => g.items.map((i) => i.a)).join(' ')).not.toMatch(SAYS_EXTRA);
    renderWithApp(<CommercialNoticePage />);
    expect(screen.getByRole('table', { name: 'Legal notation' }).textContent).toContain(PRICE_TERMS.en);
  });

  it('every language states its own price statement in the FAQ, the terms and the commercial notice', async () => {
    for (const locale of ['ja', 'zh-Hant', 'ko'] as const) {
      const { faq, terms, commercial } = await staticPagesContent.load(locale);
      for (const text of [
        faq.groups.flatMap((g) => g.items.map((i) => i.a)).join(' '),
        terms.articles.flatMap((a) => a.paragraphs).join(' '),
        commercial.rows.map(([, value]) => value).join(' '),
      ]) {
        expect(text, locale).toContain(PRICE_TERMS[locale]);
      }
    }
  });

  it('the mails say the same: the total includes consumption tax and nothing is added to it', () => {
    const booking = {
      reference: 'ABC123',
      date: '2025-05-01',
      time: '10:00',
      guests: 2,
      amount: 24000,
      language: 'en',
      guestLocale: 'en',
      firstName: 'Alex',
      lastName: 'Smith',
      email: 'alex@example.com',
      nationality: 'United Kingdom',
      specialRequests: null,
      deadline: null,
    } as unknown as Booking;
    const input = {
      booking,
      experience: {
        id: 'e1',
        title: 'Tea',
        postalCode: '',
        prefecture: '',
        city: '',
        district: '',
        streetAddress: '',
        building: null,
        mapLat: null,
        mapLng: null,
        cancellationPolicy: null,
      },
      hostBusinessName: 'Host',
      baseUrl: 'https://example.jp',
    };
    const en = guestRequestReceivedMail(input).text;
    expect(en).toContain('Total: ¥24,000 (JPY, consumption tax included)');
    expect(en).toContain(PRICE_TERMS.en);
    const ja = guestRequestReceivedMail({ ...input, booking: { ...booking, guestLocale: 'ja' } }).text;
    expect(ja).toContain('合計金額：24,000円（消費税込み）');
    expect(ja).toContain(PRICE_TERMS.ja);
    expect(hostNewRequestMail(input).text).toContain('24,000円（消費税込み・与信済み）');
  });
});
