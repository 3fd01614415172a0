/**
 * The guest's offer mails (issue 31) in every guest language: the subject and body in that language, the link with
 * its language prefix, the concierge's message and the price, escaped in HTML.
 */
import { offerMail, type OfferMailKind } from '../../../../functions/adapters/mail/templates/offer-mails';
import type { GuestLocale } from '../../../../functions/domain/entities';
import type { Offer } from '../../../../functions/domain/offers';

const offer = (locale: GuestLocale): Offer => ({
  id: 'o1',
  token: 'TOKEN123',
  experienceId: 'e1',
  experienceTitle: 'Shimanami cycling',
  experienceImage: null,
  hostId: 'h1',
  businessName: 'Host',
  date: '2026-12-10',
  time: '10:00',
  durationMinutes: 240,
  bufferMinutes: 0,
  guests: 2,
  totalAmount: 30000,
  platformFee: 3000,
  commissionPercent: 10,
  message: 'Lunch <included>',
  preApproved: false,
  guest: { name: 'Kim Jiwoo', email: 'kim@example.com', locale },
  status: 'sent',
  expiresAt: '2026-12-05T03:00:00.000Z',
  createdAt: '2026-12-04T03:00:00.000Z',
  updatedAt: '2026-12-04T03:00:00.000Z',
});

const prefix: Record<GuestLocale, string> = { en: '', ja: '/ja', 'zh-Hant': '/zh-hant', ko: '/ko' };
const script: Record<GuestLocale, RegExp> = {
  en: /Your/,
  ja: /ご提案/,
  'zh-Hant': /方案/,
  ko: /제안/,
};

describe.each(['en', 'ja', 'zh-Hant', 'ko'] as const)('%s', (locale) => {
  it.each(['offer-sent', 'offer-expiring', 'offer-expired'] as OfferMailKind[])('%s', (kind) => {
    const mail = offerMail(kind, { offer: offer(locale), baseUrl: 'https://example.jp', siteName: 'Ehime' });
    expect(mail.subject).toMatch(script[locale]);
    expect(mail.subject).toContain('Shimanami cycling');
    expect(mail.text).toContain('Kim Jiwoo');
    // The expiry in Japan time: 12:00 on 5 December.
    expect(mail.text).toContain('12:00');
    if (kind === 'offer-expired') {
      expect(mail.text).not.toContain('/offer/TOKEN123');
    } else {
      expect(mail.text).toContain(`https://example.jp${prefix[locale]}/offer/TOKEN123`);
    }
    if (kind === 'offer-sent') {
      expect(mail.text).toContain('Lunch <included>');
      expect(mail.html).toContain('Lunch &lt;included&gt;');
    }
  });
});
