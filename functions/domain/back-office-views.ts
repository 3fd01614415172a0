/**
 * What the host (and admin) API answers, beside the entities themselves. The use cases build these and the SPA
 * reads the same types, so the two cannot drift (DESIGN §6 "Back office").
 */
import type { PayoutAccountStatus } from './payout-account';
import type { Booking, Experience, Host, HostReviewStatus, PublicationStatus } from './entities';

/** `GET /api/host/experiences` items. */
export interface HostExperienceListItem {
  id: string;
  title: string;
  /** The first main image, or the placeholder. */
  image: string;
  publicationStatus: PublicationStatus;
  price: number;
  createdAt: string;
}

/** `GET|POST|PATCH /api/host/experiences/{id}`: the experience with its category ids. */
export type HostExperienceView = Experience & { categoryIds: string[] };

/**
 * A booking as the back office shows it: every field of the entity (guest, amount, status, deadline, reason), and
 * `viaConcierge: true` for a booking paid through a concierge's offer (issue 31; the SPA's 「コンシェルジュ経由」).
 */
export type BackOfficeBooking = Booking & { viaConcierge?: boolean };

/** The entity with the back office's marks. */
export const backOfficeBooking = (booking: Booking): BackOfficeBooking =>
  booking.source === 'offer' ? { ...booking, viaConcierge: true } : booking;

/** `GET /api/host/dashboard`. */
export interface HostDashboardView {
  email: string;
  /** The 5 newest requests (any status but `awaiting_payment`), newest first. */
  latestBookings: BackOfficeBooking[];
  counts: {
    /** Requests received this Tokyo calendar month (every status but `awaiting_payment`). */
    thisMonth: number;
    /** Waiting for the host's answer. */
    pending: number;
    /** Approved and not yet held (today or later, Tokyo). */
    upcoming: number;
  };
  /** The pending request whose 48-hour deadline comes first, or null when none waits. */
  nearestDeadline: { bookingId: string; reference: string; deadline: string } | null;
}

/** `GET /api/host/me` and the profile routes. */
/** `GET /api/host/me`: the profile, and the money fields kept beside it (DESIGN §4g). */
export type HostView = Host & {
  commissionPercent?: number;
  payoutAccount?: { status: PayoutAccountStatus };
  payoutHold?: { reason: string; since: string; by: string } | null;
};

// Admin back office (DESIGN §6 "Back office", admin routes) ---------------------------------------------------------

/** `GET /api/admin/dashboard`: read from counter items, never by counting bookings or hosts. */
export interface AdminDashboardView {
  totalBookings: number;
  /** Requests received in the current Tokyo calendar month. */
  bookingsThisMonth: number;
  totalHosts: number;
  /** The Tokyo month the second counter is of (`yyyy-MM`), so a screen open across midnight can say which. */
  month: string;
  /** Requests waiting for a host's (or an admin's) answer. */
  pendingRequests: number;
  /** The pending requests whose deadline comes first (at most 5), nearest first. */
  nextDeadlines: { bookingId: string; reference: string; deadline: string }[];
  /** The concierge desk (DESIGN §4h): inquiries not closed, and those of them past their reply deadline. */
  inquiries?: { open: number; overdue: number };
}

/** The host as the admin lists show it beside a booking. */
export interface AdminHostSummary {
  id: string;
  businessName: string;
  email: string;
  suspended: boolean;
}

/** An item of `GET /api/admin/bookings`: the booking and its host (null when the host profile is gone). */
export type AdminBookingListItem = BackOfficeBooking & { host: AdminHostSummary | null };

/** `GET /api/admin/bookings/{id}`: the booking with its experience as it is now (null once deleted) and its host. */
export type AdminBookingView = AdminBookingListItem & {
  experience: {
    id: string;
    title: string;
    price: number;
    publicationStatus: PublicationStatus;
  } | null;
};

/** How a search was answered (the screen can say "searched the newest N bookings" on a partial page). */
export type AdminBookingSearchMode = 'list' | 'reference' | 'email' | 'text';

/** `GET /api/admin/bookings`: newest first; `cursor` continues the same filter. */
export interface AdminBookingPage {
  items: AdminBookingListItem[];
  cursor?: string;
  search: AdminBookingSearchMode;
  /**
   * Text search only: how many bookings this request read to find `items`. The read is bounded per request, so a
   * page may hold fewer matches than asked for (even none) and still carry a cursor to search further back.
   */
  scanned?: number;
}

/** Why and since when a host is suspended (null while the host is active). */
export interface HostSuspension {
  suspendedAt: string;
  /** The admin's user id. */
  suspendedBy: string;
  reason: string | null;
}

/** An item of `GET /api/admin/hosts`. */
export interface AdminHostListItem {
  id: string;
  email: string;
  businessName: string;
  experienceCount: number;
  createdAt: string;
  suspended: boolean;
  reviewStatus: HostReviewStatus;
}

/** The host's experiences in the admin host detail (title, publication, price, created, a link by id). */
export interface AdminHostExperienceItem {
  id: string;
  title: string;
  image: string;
  publicationStatus: PublicationStatus;
  price: number;
  createdAt: string;
  /** Public and its host not suspended: guests can see and book it. */
  listed: boolean;
}

/** `GET /api/admin/hosts/{id}` (and the answer of create, suspend and reinstate). */
export type AdminHostView = Host & {
  reviewStatus: HostReviewStatus;
  suspension: HostSuspension | null;
  experiences: AdminHostExperienceItem[];
  /** Requests waiting for an answer: while the host is suspended only an admin can approve or deny them. */
  pendingBookings: BackOfficeBooking[];
  /** The host's commission (whole percent), payout account status and payout hold (DESIGN §4g). */
  commissionPercent: number;
  payoutAccount: { status: PayoutAccountStatus };
  payoutHold: { reason: string; since: string; by: string } | null;
};

/** `GET /api/admin/me`: who is signed in to the admin API. */
export interface AdminAccountView {
  id: string;
  email: string | null;
  role: 'admin';
}
