/** Answers of the concierge desk's admin routes (DESIGN §6 wave 4 and issue 31's shared contract). */
import type {
  AdminInquiryDetail,
  AdminInquiryListItem,
  AdminOffer,
} from '../../../../web/src/lib/back-office/concierge';

export function inquiryItem(overrides: Partial<AdminInquiryListItem> = {}): AdminInquiryListItem {
  return {
    id: 'inq-1',
    name: 'Kim Minji',
    email: 'minji@example.com',
    status: 'new',
    createdAt: '2026-11-20T08:55:00.000Z',
    replyDueAt: '2026-11-24T08:55:00.000Z',
    overdue: false,
    ...overrides,
  };
}

export function offerFixture(overrides: Partial<AdminOffer> = {}): AdminOffer {
  return {
    id: 'off-1',
    token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    url: 'http://localhost:3000/ko/offer/tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    status: 'sent',
    experience: { id: 'exp-1', title: 'Dogo Onsen evening walk', image: '/images/exp-1/card.webp' },
    date: '2026-12-10',
    time: '10:00',
    guests: 3,
    totalAmount: 27000,
    message: 'A private walk for your family.',
    expiresAt: '2026-11-22T03:00:00.000Z',
    inquiryId: 'inq-1',
    platformFee: 4050,
    preApproved: false,
    guest: { name: 'Kim Minji', email: 'minji@example.com', locale: 'ko' },
    hostId: 'host-1',
    businessName: 'Setouchi Local Guides',
    createdAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

export function inquiryDetail(overrides: Partial<AdminInquiryDetail> = {}): AdminInquiryDetail {
  return {
    id: 'inq-1',
    name: 'Kim Minji',
    email: 'minji@example.com',
    locale: 'ko',
    status: 'new',
    createdAt: '2026-11-20T08:55:00.000Z',
    replyDueAt: '2026-11-24T08:55:00.000Z',
    overdue: true,
    experience: { id: 'exp-1', title: 'Dogo Onsen evening walk' },
    preferredDates: 'Dec 10 or 11',
    guests: 3,
    messages: [
      { from: 'guest', text: 'Can we do the walk with my parents?', createdAt: '2026-11-20T08:55:00.000Z' },
    ],
    offers: [],
    ...overrides,
  };
}
