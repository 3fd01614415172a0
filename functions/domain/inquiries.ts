/**
 * The concierge desk's inquiries (DESIGN §4h, issue 31): a guest's question and the conversation that follows.
 *
 * Statuses: `new` a guest message awaits the concierge (the first question or a later answer; the reply deadline
 * runs only here); `answered` the concierge replied last; `waiting` the concierge sent an offer from this inquiry that
 * is still open; `closed` by the concierge. A guest message on any other status sets `new` with a fresh deadline.
 */
import type { GuestLocale } from './entities';

export const inquiryStatuses = ['new', 'answered', 'waiting', 'closed'] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

/** Limits of the guest's form and of every message (guest or concierge). */
export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
  preferredDates: 200,
  guests: { min: 1, max: 50 },
} as const;

export interface Inquiry {
  id: string;
  /** The private conversation link's secret (`/inquiry/{token}`): 32 random bytes, base64url. */
  token: string;
  name: string;
  email: string;
  locale: GuestLocale;
  status: InquiryStatus;
  experienceId: string | null;
  /** The experience's title when the guest asked (lists keep it after the experience changes). */
  experienceTitle: string | null;
  preferredDates: string | null;
  guests: number | null;
  createdAt: string;
  /** When the concierge must have replied (`reply-deadline.ts`), from the last guest message. */
  replyDueAt: string;
  lastMessageAt: string;
}

export type MessageAuthor = 'guest' | 'concierge';

export interface InquiryMessage {
  from: MessageAuthor;
  text: string;
  createdAt: string;
}

/** A `new` inquiry past its reply deadline. */
export const isOverdue = (inquiry: Pick<Inquiry, 'status' | 'replyDueAt'>, now: Date): boolean =>
  inquiry.status === 'new' && Date.parse(inquiry.replyDueAt) < now.getTime();

/** The statuses the dashboard counts as open: all but `closed`. */
export const isOpenStatus = (status: InquiryStatus): boolean => status !== 'closed';
