import { PRICE_TERMS } from '@domain/price-terms';
import { P, Section, StaticPage } from '../components/static-page';

const ARTICLES: readonly [string, string[]][] = [
  [
    'Article 1 (Scope)',
    [
      'These Terms of Use govern the use of this website and of the booking service for tours and experiences offered on it (the "Service") by every user (a "Guest").',
    ],
  ],
  [
    'Article 2 (The Service)',
    [
      'The operator provides a marketplace on which hosts offer experiences and Guests request bookings. The contract for an experience is concluded between the Guest and the host when the host confirms a booking request; the operator arranges the booking and handles the payment on the host’s behalf.',
    ],
  ],
  [
    'Article 3 (Booking requests)',
    [
      'A booking request is sent when the Guest confirms it with valid card details. The host answers within 48 hours. A booking is confirmed only when the confirmation e-mail is sent. If the host does not confirm in time, the request lapses and the card is not charged.',
    ],
  ],
  [
    'Article 4 (Prices and payment)',
    [
      'Prices are shown in Japanese yen per participant. The total is the price times the number of participants. The card is authorised when the request is sent and charged when the host confirms.',
      `${PRICE_TERMS.en} Interpretation, optional add-ons, souvenirs or delivery that the Guest arranges on the day are charged separately.`,
    ],
  ],
  [
    'Article 5 (Cancellation and changes)',
    [
      'The cancellation policy shown on the experience applies. Unless stated otherwise, a booking may be cancelled free of charge up to 7 days before the experience. No refund is made for no-shows or for a cancellation caused by arriving more than 15 minutes late. Refund handling fees are borne by the Guest.',
    ],
  ],
  [
    'Article 6 (Weather and safety)',
    [
      'Experiences run in rain. If weather or safety requires a cancellation, the host decides by the day before and the Guest is notified by e-mail by 7 PM; the amount paid is then refunded in full.',
    ],
  ],
  [
    'Article 7 (Guest obligations)',
    [
      'Guests follow the host’s safety instructions, provide accurate information, and inform the host in advance of health conditions, allergies or other circumstances relevant to the experience.',
    ],
  ],
  [
    'Article 8 (Prohibited conduct)',
    [
      'Guests must not make false bookings, infringe the rights of hosts or other guests, interfere with the operation of the Service, or use it for any unlawful purpose.',
    ],
  ],
  [
    'Article 9 (Liability)',
    [
      'The host is responsible for the conduct of the experience. The operator is liable only for damage caused by its own intent or gross negligence, and in any case up to the amount paid for the booking concerned, except where the Consumer Contract Act provides otherwise.',
    ],
  ],
  [
    'Article 10 (Changes to the Service and these Terms)',
    [
      'The operator may change the Service or these Terms with notice on this website. Bookings confirmed before a change remain governed by the Terms in force when they were confirmed.',
    ],
  ],
  [
    'Article 11 (Governing law and jurisdiction)',
    [
      'These Terms are governed by the laws of Japan. The Matsuyama District Court has exclusive jurisdiction in the first instance over any dispute concerning the Service.',
    ],
  ],
];

export function TermsPage() {
  return (
    <StaticPage
      title="Terms of Use"
      description="The terms that apply to booking tours and experiences on this website."
      lead="Established January 16, 2025"
    >
      {ARTICLES.map(([title, paragraphs]) => (
        <Section key={title} title={title}>
          {paragraphs.map((p) => (
            <P key={p}>{p}</P>
          ))}
        </Section>
      ))}
    </StaticPage>
  );
}
