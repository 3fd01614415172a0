/**
 * Destinations outside the SPA. The contact form and social pages are operated outside this product (guest spec
 * §2: "Contact us" opens an external feedback form in a new tab); replace them per deployment.
 */
export const externalLinks = {
  contactForm: 'https://forms.example.com/ehime-experiences/contact',
  /** Guest spec §2: 'Consult with a concierge via Messenger' (external chat, new tab). */
  messenger: 'https://m.me/ehime.experiences',
  companySite: 'https://example.com/',
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
} as const;

/** The header's entries, in the order of the specification. */
export const headerLinks = [
  { label: 'About us', to: '/about' },
  { label: 'Search experiences', to: '/experiences' },
  { label: 'Manage Booking', to: '/booking-confirmation' },
] as const;

export const footerLinks = [
  { label: 'About us', to: '/about' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Commercial Notice', to: '/commercial-notice' },
] as const;
