import { personName } from '../../../../domain/person-name';
import type { GuestMailTexts } from './types';

const PARTY = { guest: 'you', host: 'the host', admin: 'our support team' } as const;

export const en: GuestMailTexts = {
  colon: ': ',
  greeting: (g) => `Dear ${personName(g)},`,
  fullName: (g) => personName(g),
  japanTime: (time) => `${time} (Japan time)`,
  guests: (count) => (count === 1 ? '1 guest' : `${count} guests`),
  writtenInJapanese: (writer) =>
    `${writer === 'host' ? 'The host' : 'Our support team'} wrote this in Japanese:`,
  referenceLabel: 'Booking ID',
  facts: {
    experience: 'Experience',
    host: 'Host',
    date: 'Date',
    time: 'Time',
    guests: 'Guests',
    tourLanguage: 'Tour language',
    total: 'Total',
    specialRequests: 'Special requests',
  },
  totalWithTax: (amount) => `${amount} (JPY, consumption tax included)`,
  mapLine: (url) => `Map: ${url}`,
  meetingPoint: 'Meeting point',
  cancellationPolicy: 'Cancellation policy',
  hostNotes: (text) => `Notes from the host: ${text}`,
  policyGeneral:
    'Refund handling fees are borne by the guest. A refund to your card may take 1–2 months to appear, depending on your card’s billing cycle.',
  policyRule: (days, pct) =>
    `Cancel at least ${days} days before the experience for a ${pct}% refund. Later cancellations and no-shows are not refunded.`,
  policyNoRefund: 'Cancellations and no-shows are not refunded.',
  manageText: (reference) =>
    `You can check your booking at any time with your e-mail address and Booking ID ${reference}.`,
  manageButton: 'Manage your booking',
  footer: (email) =>
    `You received this e-mail because a booking was requested with ${email}. If this wasn't you, you can ignore this message.`,
  theHost: 'The host',
  received: {
    subject: (title, ref) => `Booking request received: ${title} (Booking ID ${ref})`,
    preheader: (hours) => `The host will reply within ${hours} hours. Your card has not been charged.`,
    heading: 'We have received your booking request',
    intro: (host, hours, deadline) =>
      `Thank you for your booking request. ${host} will review it and reply within ${hours} hours${deadline ? ` (by ${deadline})` : ''}.`,
    authorised: (amount, hours) =>
      `Your card has been authorised for ${amount} but not charged. You are charged only when the host confirms ` +
      `your booking. If the host does not confirm it within ${hours} hours, the authorisation is ` +
      `released and you pay nothing.`,
    next: 'What happens next: we will e-mail you as soon as the host answers. Your booking is complete when you receive the confirmation e-mail.',
  },
  approved: {
    subject: (title, date, ref) => `Booking confirmed: ${title} on ${date} (Booking ID ${ref})`,
    preheader: (host) => `${host} has confirmed your booking.`,
    heading: 'Your booking is confirmed',
    intro: (host) => `Good news: ${host} has confirmed your booking. We look forward to seeing you.`,
    calendarFile: 'The attached calendar file (.ics) adds the experience to your calendar.',
    googleCalendar: 'Add to Google Calendar',
    charged: (amount) => `Payment: your card has now been charged ${amount}.`,
    onTheDay:
      'Please arrive on time: a booking is cancelled if you are more than 15 minutes late. Experiences take place in the rain; if the weather forces a cancellation, we will tell you by e-mail by 7 PM the day before.',
  },
  denied: {
    subject: (_title, ref) => `Your booking request could not be accepted (Booking ID ${ref})`,
    notCharged: 'Your card has not been charged.',
    heading: 'Your booking request could not be accepted',
    intro: (host) => `We're sorry: ${host} could not accept your booking request below.`,
    hostMessage: 'Message from the host',
    released: (amount) =>
      `Your card has not been charged: the authorisation of ${amount} has been cancelled. Depending on your card issuer, it may take a few days to disappear from your statement.`,
    another: 'You are welcome to request another date.',
    anotherButton: 'Find another date',
  },
  expired: {
    subject: (_title, ref) => `Your booking request has expired (Booking ID ${ref})`,
    heading: 'Your booking request has expired',
    holdLapsed:
      'We held the time slot below for 15 minutes, but the payment was not completed in time, so the hold has been released. Your card has not been charged.',
    noResponse: (host, hours, amount) =>
      `${host} did not answer your booking request within ${hours} hours, so it has expired. Your card has not been charged: the authorisation of ${amount} has been released.`,
    againAfterHold: 'If you would still like to join, please book again.',
    againAfterNoResponse: 'We are sorry for the inconvenience. You are welcome to request another date.',
    bookAgain: 'Book again',
    anotherDate: 'Find another date',
  },
  cancelled: {
    subject: (_title, ref) => `Your booking has been cancelled (Booking ID ${ref})`,
    heading: 'Your booking has been cancelled',
    intro: (by) =>
      by === 'guest'
        ? 'As you asked, your booking below has been cancelled.'
        : `Your booking below has been cancelled by ${PARTY[by]}.`,
    reason: 'Reason',
    released: (amount) => `Your card has not been charged: the authorisation of ${amount} is released.`,
    noRefund: (by, charged) =>
      by === 'guest'
        ? `Under the cancellation policy, this cancellation is not refunded (you paid ${charged}).`
        : `No refund is made for this cancellation: the ${charged} you paid is not refunded.`,
    fullRefund: (amount) =>
      `The full amount you paid, ${amount}, will be refunded to your card. Depending on your card issuer, it may take a while to appear.`,
    partialRefund: (amount, charged) =>
      `${amount} of the ${charged} you paid will be refunded to your card. Depending on your card issuer, it may take a while to appear.`,
  },
  reminder: {
    subject: (title, when, ref) => `Reminder: ${title} on ${when} (Booking ID ${ref})`,
    preheader: (place) => `Meeting point: ${place}`,
    heading: 'Your experience is coming up',
    intro: (title, when) => `See you soon: your experience "${title}" is on ${when}.`,
    whatToBring: 'What to bring',
    nothingSpecial: 'Nothing special: dress for the weather.',
    yourHost: 'Your host',
    phone: 'Phone',
    email: 'E-mail',
    cancelHint:
      'Need to cancel? Open your booking with the button below; the refund follows the cancellation policy you booked with.',
  },
  reviewInvite: {
    subject: (title, reminder) => `${reminder ? 'Reminder: ' : ''}How was ${title}?`,
    preheader: 'Rate your experience in a minute.',
    heading: 'Thank you for joining us',
    intro: (title, date) =>
      `Thank you for joining "${title}" on ${date}. How was it? Tell other travellers with 1 to 5 stars and a few words.`,
    reminderIntro: (title, date) =>
      `Thank you again for joining "${title}" on ${date}. If you have a minute, other travellers would love to hear how it was.`,
    button: 'Write a review',
    linkNote: (days) =>
      `This link is personal to your booking and valid for ${days} days. Your review appears on the experience's page with your first name, the initial of your last name and the month of your tour.`,
  },
  cancelCode: {
    subject: (ref) => `Your cancellation code for Booking ID ${ref}`,
    preheader: (minutes) => `Valid for ${minutes} minutes. Nothing is cancelled without it.`,
    heading: 'Your cancellation code',
    intro: (title, date) =>
      `Someone asked to cancel your booking of “${title}” on ${date}. To cancel it, enter this code on the Manage Booking page.`,
    codeLabel: 'Cancellation code',
    validity: (minutes, maxWrong) =>
      `The code is valid for ${minutes} minutes and can be used once. After ${maxWrong} wrong tries it stops working.`,
    requestedBy: (when, address, browser) =>
      `Requested on ${when} from the address ${address}${browser ? ` (${browser})` : ''}.`,
    nothingHappens:
      'Nothing happens without this code: your booking stays as it is unless the code is entered. If you did not ask for it, ignore this e-mail and do not share the code with anyone, not even the host or us.',
  },
  calendar: (ref, guests, host, lookup) =>
    `Booking ID ${ref}, ${guests} guest(s), host ${host}\nManage or cancel: ${lookup}`,
};
