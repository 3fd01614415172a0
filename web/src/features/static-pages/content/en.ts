import { PRICE_TERMS } from '@domain/price-terms';
import { oneParagraphEach, type StaticPagesContent } from './types';

const ON_THE_DAY_EXTRAS =
  'Interpretation, optional add-ons, souvenirs or delivery that you arrange on the day are charged separately.';
const HOURS = 'Reception hours are 10:30–18:00 Japan time.';

/** Guest spec §2 and §9: about, FAQ, privacy policy (15 articles), terms of use, commercial notice. */
const en: StaticPagesContent = {
  about: {
    title: 'About Our Service',
    description:
      'A travel-concierge marketplace for private tours and local experiences in Japan, starting with Ehime.',
    lead: 'Private tours and hands-on experiences in Japan, run by the people who live there — with a concierge to help you choose.',
    sections: [
      {
        title: 'What we do',
        paragraphs: [
          'We connect travellers with local hosts: guides, farmers, craftspeople, brewers and chefs who open their workshops, fields and kitchens to small private groups. We started in Ehime, on the island of Shikoku, and are adding experiences across Japan.',
        ],
      },
      {
        title: 'Two ways to book',
        paragraphs: [
          'Search the experience list and request a booking online, or consult our concierge first through Messenger or our contact form. The concierge replies within 1 working day, helps you choose and sends you a link to book and pay.',
        ],
      },
      {
        title: 'How a booking works',
        paragraphs: [
          'A booking is a request. You pay by credit card; the card is only authorised when you send the request. The host reviews it and confirms within 48 hours. If the booking cannot be secured, your card is not charged. Your booking and payment are complete when the confirmation e-mail arrives. You can look up your booking at any time with your e-mail address and booking ID under Manage Booking.',
        ],
      },
      {
        title: 'Reception hours',
        paragraphs: ['Our concierge desk is open from 10:30 to 18:00 Japan time.'],
      },
    ],
    allExperiences: 'See All Experiences',
    contactConcierge: 'Contact the concierge',
  },
  faq: {
    title: 'FAQ',
    description: 'Answers about booking, payment, cancellation, lateness and interpreters.',
    lead: 'Frequently asked questions about booking and joining an experience.',
    groups: [
      {
        topic: 'Booking',
        items: [
          {
            q: 'How do I book an experience online?',
            a: 'Open the experience, choose a date, start time, number of participants and language, then press Next. Enter your details and card, and press Confirm Booking Request. The host confirms within 2 working days, and your booking is complete when the confirmation e-mail arrives.',
          },
          {
            q: 'Can I consult someone before booking?',
            a: `Yes. Contact our concierge through Messenger or the contact form. The concierge replies within 1 working day, suggests experiences and sends you a link to book and pay. ${HOURS}`,
          },
          {
            q: 'How do I check my booking?',
            a: 'Open Manage Booking and enter the e-mail address you booked with and your 6-character booking ID.',
          },
        ],
      },
      {
        topic: 'Changes and cancellation',
        items: [
          {
            q: 'Can I change or cancel my booking?',
            a: 'Contact the concierge with your booking ID. The cancellation policy of the experience applies; unless the experience says otherwise, you can cancel free of charge up to 7 days before the date (100% refund).',
          },
          { q: 'Do I get a refund if I do not show up?', a: 'No. There is no refund for no-shows.' },
          {
            q: 'What happens in bad weather?',
            a: 'Tours run in rain. If the weather makes an experience unsafe, the host decides by the day before and we notify you by e-mail by 7 PM. Refund handling fees are borne by the customer, and card refunds may take 1–2 months after the billing closing date.',
          },
        ],
      },
      {
        topic: 'Payment',
        items: [
          {
            q: 'How do I pay?',
            a: 'By credit card only, in Japanese yen. Your card is authorised when you send the request and charged only when the host confirms. If the booking cannot be secured, you are not charged.',
          },
          { q: 'What does the price include?', a: `${PRICE_TERMS.en} ${ON_THE_DAY_EXTRAS}` },
        ],
      },
      {
        topic: 'On the day',
        items: [
          {
            q: 'What if I am late?',
            a: 'Please arrive on time. If you are more than 15 minutes late, the booking is cancelled and no refund is made.',
          },
          {
            q: 'Can I bring my own interpreter?',
            a: 'Yes, but your own interpreter takes part in the experience and counts as one paid participant.',
          },
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    description: 'How we collect, use and protect the personal information of our guests.',
    articles: oneParagraphEach([
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
        `Questions about this policy can be sent through the contact form linked in the header. ${HOURS}`,
      ],
    ]),
  },
  terms: {
    title: 'Terms of Use',
    description: 'The terms that apply to booking tours and experiences on this website.',
    lead: 'Established January 16, 2025',
    articles: [
      {
        title: 'Article 1 (Scope)',
        paragraphs: [
          'These Terms of Use govern the use of this website and of the booking service for tours and experiences offered on it (the "Service") by every user (a "Guest").',
        ],
      },
      {
        title: 'Article 2 (The Service)',
        paragraphs: [
          'The operator provides a marketplace on which hosts offer experiences and Guests request bookings. The contract for an experience is concluded between the Guest and the host when the host confirms a booking request; the operator arranges the booking and handles the payment on the host’s behalf.',
        ],
      },
      {
        title: 'Article 3 (Booking requests)',
        paragraphs: [
          'A booking request is sent when the Guest confirms it with valid card details. The host answers within 48 hours. A booking is confirmed only when the confirmation e-mail is sent. If the host does not confirm in time, the request lapses and the card is not charged.',
        ],
      },
      {
        title: 'Article 4 (Prices and payment)',
        paragraphs: [
          'Prices are shown in Japanese yen per participant. The total is the price times the number of participants. The card is authorised when the request is sent and charged when the host confirms.',
          `${PRICE_TERMS.en} Interpretation, optional add-ons, souvenirs or delivery that the Guest arranges on the day are charged separately.`,
        ],
      },
      {
        title: 'Article 5 (Cancellation and changes)',
        paragraphs: [
          'The cancellation policy shown on the experience applies. Unless stated otherwise, a booking may be cancelled free of charge up to 7 days before the experience. No refund is made for no-shows or for a cancellation caused by arriving more than 15 minutes late. Refund handling fees are borne by the Guest.',
        ],
      },
      {
        title: 'Article 6 (Weather and safety)',
        paragraphs: [
          'Experiences run in rain. If weather or safety requires a cancellation, the host decides by the day before and the Guest is notified by e-mail by 7 PM; the amount paid is then refunded in full.',
        ],
      },
      {
        title: 'Article 7 (Guest obligations)',
        paragraphs: [
          'Guests follow the host’s safety instructions, provide accurate information, and inform the host in advance of health conditions, allergies or other circumstances relevant to the experience.',
        ],
      },
      {
        title: 'Article 8 (Prohibited conduct)',
        paragraphs: [
          'Guests must not make false bookings, infringe the rights of hosts or other guests, interfere with the operation of the Service, or use it for any unlawful purpose.',
        ],
      },
      {
        title: 'Article 9 (Liability)',
        paragraphs: [
          'The host is responsible for the conduct of the experience. The operator is liable only for damage caused by its own intent or gross negligence, and in any case up to the amount paid for the booking concerned, except where the Consumer Contract Act provides otherwise.',
        ],
      },
      {
        title: 'Article 10 (Changes to the Service and these Terms)',
        paragraphs: [
          'The operator may change the Service or these Terms with notice on this website. Bookings confirmed before a change remain governed by the Terms in force when they were confirmed.',
        ],
      },
      {
        title: 'Article 11 (Governing law and jurisdiction)',
        paragraphs: [
          'These Terms are governed by the laws of Japan. The Matsuyama District Court has exclusive jurisdiction in the first instance over any dispute concerning the Service.',
        ],
      },
    ],
  },
  commercial: {
    title: 'Commercial Notice',
    description: 'Legal notation under the Act on Specified Commercial Transactions.',
    lead: 'Notation under the Act on Specified Commercial Transactions',
    tableLabel: 'Legal notation',
    rows: [
      ['Seller', 'Ehime Experiences Co., Ltd.'],
      ['Representative', 'Disclosed without delay on request through the contact form'],
      ['Address', 'Disclosed without delay on request through the contact form'],
      ['Contact', 'Contact form linked in the header; reception hours 10:30–18:00 (Japan time)'],
      ['Price', 'Shown on each experience page, in Japanese yen per participant, consumption tax included'],
      ['Additional charges', `${PRICE_TERMS.en} ${ON_THE_DAY_EXTRAS}`],
      ['Payment method', 'Credit card'],
      [
        'Payment timing',
        'The card is authorised when the booking request is sent and charged when the host confirms it (within 48 hours)',
      ],
      ['Provision of service', 'On the date and time of the confirmed booking'],
      [
        'Cancellation',
        'According to the cancellation policy of each experience; by default free of charge up to 7 days before (100% refund). No refund for no-shows or for arriving more than 15 minutes late.',
      ],
      [
        'Refunds',
        'Refund handling fees are borne by the customer; card refunds may take 1–2 months after the billing closing date',
      ],
    ],
  },
};

export default en;
