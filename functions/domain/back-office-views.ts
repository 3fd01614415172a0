/**
 * What the host (and admin) API answers, beside the entities themselves. The use cases build these and the SPA
 * reads the same types, so the two cannot drift (DESIGN §6 "Back office").
 */
import type { Booking, Experience, Host, PublicationStatus } from './entities';

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

/** A booking as the back office shows it: every field of the entity (guest, amount, status, deadline, reason). */
export type BackOfficeBooking = Booking;

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
export type HostView = Host;
