/**
 * Every sentence of the guest mails, per language (DESIGN §4e: a guest is mailed in the site language they booked
 * in). One module per language implements this; the templates hold the structure and no language. A language
 * added to `guestLocales` must add its module to `index.ts`, or the build fails.
 */
import type { CancellingParty } from '../../../../domain/entities';

export interface GuestName {
  firstName: string;
  lastName: string;
}

export interface GuestMailTexts {
  /** Label-value separator of the plain-text part (full width in Japanese and Chinese). */
  colon: string;
  /** Names through `personName`: family name first for a name in Japanese script, in every language. */
  greeting: (guest: GuestName) => string;
  fullName: (guest: GuestName) => string;
  /** A stored slot time marked as Japan time. */
  japanTime: (time: string) => string;
  guests: (count: number) => string;
  /**
   * Above a host's or an admin's reason that is in Japanese (the back office's language) and the guest does not
   * read Japanese: who wrote it, and that it is Japanese (issue 32 item 12).
   */
  writtenInJapanese: (writer: 'host' | 'admin') => string;
  referenceLabel: string;
  facts: {
    experience: string;
    host: string;
    date: string;
    time: string;
    guests: string;
    tourLanguage: string;
    total: string;
    specialRequests: string;
  };
  /** The total with its tax note, e.g. `¥24,000 (JPY, consumption tax included)`. */
  totalWithTax: (amount: string) => string;
  mapLine: (url: string) => string;
  meetingPoint: string;
  cancellationPolicy: string;
  /** The host's own policy text, after the refund rule (DESIGN §4j: the rule first, the host's notes beside it). */
  hostNotes: (text: string) => string;
  /** The marketplace's terms after the host's rule. */
  policyGeneral: string;
  policyRule: (days: number, refundPercentage: number) => string;
  policyNoRefund: string;
  manageText: (reference: string) => string;
  manageButton: string;
  footer: (email: string) => string;
  /** What the host is called when the host's name is unknown. */
  theHost: string;
  received: {
    subject: (title: string, reference: string) => string;
    preheader: (hours: number) => string;
    heading: string;
    intro: (host: string, hours: number, deadline: string | null) => string;
    authorised: (amount: string, hours: number) => string;
    next: string;
  };
  approved: {
    subject: (title: string, date: string, reference: string) => string;
    preheader: (host: string) => string;
    heading: string;
    intro: (host: string) => string;
    calendarFile: string;
    googleCalendar: string;
    charged: (amount: string) => string;
    onTheDay: string;
  };
  denied: {
    subject: (title: string, reference: string) => string;
    notCharged: string;
    heading: string;
    intro: (host: string) => string;
    hostMessage: string;
    released: (amount: string) => string;
    another: string;
    anotherButton: string;
  };
  expired: {
    subject: (title: string, reference: string) => string;
    heading: string;
    holdLapsed: string;
    noResponse: (host: string, hours: number, amount: string) => string;
    againAfterHold: string;
    againAfterNoResponse: string;
    bookAgain: string;
    anotherDate: string;
  };
  cancelled: {
    subject: (title: string, reference: string) => string;
    heading: string;
    intro: (by: CancellingParty) => string;
    reason: string;
    released: (amount: string) => string;
    /** Nothing of `charged` comes back: by the policy (the guest's own cancellation) or as the host or admin set. */
    noRefund: (by: CancellingParty, charged: string) => string;
    fullRefund: (amount: string) => string;
    partialRefund: (amount: string, charged: string) => string;
  };
  reminder: {
    subject: (title: string, when: string, reference: string) => string;
    preheader: (place: string) => string;
    heading: string;
    intro: (title: string, when: string) => string;
    whatToBring: string;
    nothingSpecial: string;
    yourHost: string;
    phone: string;
    email: string;
    cancelHint: string;
  };
  /** The invitation to review a completed tour (and its one reminder). */
  reviewInvite: {
    subject: (title: string, reminder: boolean) => string;
    preheader: string;
    heading: string;
    intro: (title: string, date: string) => string;
    reminderIntro: (title: string, date: string) => string;
    button: string;
    linkNote: (days: number) => string;
  };
  /** The code a guest types to cancel their own booking (issue 29), and who asked for it. */
  cancelCode: {
    subject: (reference: string) => string;
    preheader: (minutes: number) => string;
    heading: string;
    intro: (title: string, date: string) => string;
    codeLabel: string;
    validity: (minutes: number, maxWrong: number) => string;
    /** `when` is a Tokyo date and time (already marked as Japan time), `address` the client's address. */
    requestedBy: (when: string, address: string, browser: string | null) => string;
    nothingHappens: string;
  };
  /** The calendar file's description. */
  calendar: (reference: string, guests: number, host: string, lookupUrl: string) => string;
}
