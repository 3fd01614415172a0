import { P, Section, StaticPage } from '../components/static-page';

/** Guest spec §2: the Privacy Policy has 15 articles. */
export const PRIVACY_ARTICLES: readonly [string, string][] = [
  [
    'Article 1 (Purpose)',
    'This policy explains how the operator of this website handles the personal information of guests, in accordance with the Act on the Protection of Personal Information of Japan.',
  ],
  [
    'Article 2 (Information we collect)',
    'Name, e-mail address, phone number, nationality, booking details (experience, date, time, participants, language, special requests) and the messages you send to our concierge.',
  ],
  [
    'Article 3 (Card details)',
    'Card numbers are entered into the form of our card payment provider and never stored on our servers. We keep only the payment’s reference and status.',
  ],
  [
    'Article 4 (Purposes of use)',
    'To process booking requests, to pass the necessary details to the host of your experience, to send booking e-mails, to answer enquiries and to prevent fraud.',
  ],
  [
    'Article 5 (Provision to hosts)',
    'The host of the experience you book receives your name, e-mail address, phone number, nationality, language and special requests, only to run the experience.',
  ],
  [
    'Article 6 (Provision to third parties)',
    'We do not provide personal information to other third parties without your consent, except where required by law.',
  ],
  [
    'Article 7 (Service providers)',
    'We use contractors for hosting, e-mail delivery and payment processing, under contracts that oblige them to protect your information.',
  ],
  [
    'Article 8 (Transfers abroad)',
    'Some providers process data outside Japan. We only use providers with protection equivalent to Japanese standards.',
  ],
  [
    'Article 9 (Security)',
    'Access to personal information is restricted to staff who need it; data is encrypted in transit and at rest.',
  ],
  [
    'Article 10 (Retention)',
    'Booking records are kept for seven years for accounting and tax purposes and then deleted.',
  ],
  [
    'Article 11 (Cookies and analytics)',
    'We use the browser storage needed for the booking to work. Analytics, where enabled, measure page use without identifying you.',
  ],
  [
    'Article 12 (Your rights)',
    'You may ask us to disclose, correct, stop using or delete your personal information by contacting us through the contact form.',
  ],
  [
    'Article 13 (Minors)',
    'Bookings must be made by an adult; minors take part in experiences with their guardian’s consent.',
  ],
  [
    'Article 14 (Changes)',
    'We may revise this policy; the revised policy applies from its publication on this page.',
  ],
  [
    'Article 15 (Contact)',
    'Questions about this policy can be sent through the contact form linked in the header. Reception hours are 10:30–18:00 Japan time.',
  ],
];

export function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      description="How we collect, use and protect the personal information of our guests."
    >
      {PRIVACY_ARTICLES.map(([title, text]) => (
        <Section key={title} title={title}>
          <P>{text}</P>
        </Section>
      ))}
    </StaticPage>
  );
}
