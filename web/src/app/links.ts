import type { MessageKey } from '../lib/i18n/i18n';

/** Routes of the site the header and footer link to (links out of the site are settings: `config.links`). */
/** The header's entries, in the order of the specification; `to` is the English path (`t.path` localises it). */
export const headerLinks = [
  { label: 'nav.about', to: '/about' },
  { label: 'nav.search', to: '/experiences' },
  { label: 'nav.manageBooking', to: '/booking-confirmation' },
] as const satisfies readonly { label: MessageKey; to: string }[];

export const footerLinks = [
  { label: 'nav.about', to: '/about' },
  { label: 'nav.faq', to: '/faq' },
  { label: 'nav.privacy', to: '/privacy-policy' },
  { label: 'nav.terms', to: '/terms-of-service' },
  { label: 'nav.commercialNotice', to: '/commercial-notice' },
] as const satisfies readonly { label: MessageKey; to: string }[];
