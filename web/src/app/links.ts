/** Routes of the site the header and footer link to (links out of the site are settings: `config.links`). */
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
