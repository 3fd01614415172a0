/**
 * Every booking, for the admin (back-office spec §2 "Booking list", "Booking detail"; DESIGN §6 admin routes): the
 * newest-first list with its status filter, the search box, the detail with experience and host, the CSV export,
 * and approve or deny on behalf of an unresponsive host (the host's own use cases, with the admin as the actor).
 *
 * Search (see `domain/booking-search.ts` for what a query means):
 * - reference → one GetItem pair by key;
 * - e-mail → the guest-e-mail index (GSI7), newest first, paged;
 * - text → the bookings index newest first (GSI2, or GSI3 for one status), matched in the Lambda against the
 *   guest, the experience title and the host's current business name, at most TEXT_SEARCH_MAX_READ bookings read
 *   per request; the cursor goes on from where the read stopped, so an old match is one or two "more" clicks away.
 *   Never a Scan. Beyond some hundred thousand bookings the path is a search index fed from the table's stream.
 *
 * A bare hold (a guest still entering their card) is not a booking yet: in no list, 404 by id.
 */
import {
  backOfficeBooking,
  type AdminBookingListItem,
  type AdminBookingPage,
  type AdminBookingView,
  type AdminHostSummary,
} from '../../domain/back-office-views';
import { bookingsCsv, bookingsCsvFileName } from '../../domain/booking-csv';
import { bookingMatchesText, classifyBookingSearch } from '../../domain/booking-search';
import type { Booking, BookingStatus, Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import {
  adminMessages,
  type AdminBookingsExportQuery,
  type AdminBookingsQuery,
} from '../../domain/schemas/admin';
import type { BookingRepository, ExperienceRepository, HostRepository, Page } from '../ports';
import type { BookingDecisions } from './booking-decisions';

/** Bookings one text-search request reads at most (measured: see README "Admin API"). */
export const TEXT_SEARCH_MAX_READ = 1000;
/** Rows of one CSV export; a larger filter is refused with a message asking to narrow it. */
export const EXPORT_MAX_ROWS = 10_000;
/** Bookings one export with a text search reads at most before giving up (the same refusal). */
export const EXPORT_MAX_READ = 100_000;
/** Page size while an export walks a list. */
const EXPORT_PAGE = 100;

export interface AdminBookingsDeps {
  bookings: BookingRepository;
  experiences: ExperienceRepository;
  hosts: HostRepository;
  decisions: BookingDecisions;
  clock: () => Date;
}

/**
 * The hosts of the bookings one request shows, read in batches and remembered for the rest of the request (a
 * text search looks at up to a thousand bookings of a few dozen hosts).
 */
function hostDirectory(hosts: HostRepository) {
  const known = new Map<string, Host | null>();
  let suspended: Promise<ReadonlySet<string>> | undefined;
  return {
    async load(ids: readonly string[]): Promise<void> {
      const missing = [...new Set(ids)].filter((id) => !known.has(id));
      if (missing.length === 0) return;
      const found = await hosts.getMany(missing);
      for (const id of missing) known.set(id, null);
      for (const host of found) known.set(host.id, host);
    },
    businessName: (id: string) => known.get(id)?.businessName ?? null,
    async summaries(bookings: readonly Booking[]): Promise<AdminBookingListItem[]> {
      suspended ??= hosts.suspendedHostIds();
      const [, suspendedIds] = await Promise.all([this.load(bookings.map((b) => b.hostId)), suspended]);
      return bookings.map((b) => {
        const host = known.get(b.hostId);
        const summary: AdminHostSummary | null = host
          ? {
              id: host.id,
              businessName: host.businessName,
              email: host.email,
              suspended: suspendedIds.has(host.id),
            }
          : null;
        return { ...backOfficeBooking(b), host: summary };
      });
    },
  };
}

type SearchPage = Page<Booking> & { search: AdminBookingPage['search']; scanned?: number };

export function makeAdminBookings(deps: AdminBookingsDeps) {
  /** A request (never a bare hold) by id, or the specification's not-found message. */
  async function request(id: string): Promise<Booking> {
    const booking = await deps.bookings.get(id);
    if (!booking || booking.status === 'awaiting_payment') {
      throw new DomainError('not_found', adminMessages.bookingNotFound);
    }
    return booking;
  }

  /** One page of the filter and search, with the host names the text search needed already loaded. */
  async function search(
    query: {
      status?: BookingStatus;
      refund?: 'pending' | 'failed';
      q?: string;
      cursor?: string;
      limit: number;
      maxRead: number;
    },
    directory: ReturnType<typeof hostDirectory>,
  ): Promise<SearchPage> {
    const { status, q, cursor, limit, refund } = query;
    const paging = { limit, ...(cursor ? { cursor } : {}) };
    if (refund) {
      // Cancelled bookings whose refund is owed (few): read the cancelled ones and keep those in that state.
      const { read, ...page } = await deps.bookings.filterAll(
        { status: 'cancelled', ...paging, maxRead: query.maxRead },
        async (batch) => batch.map((b) => b.refundStatus === refund),
      );
      return { ...page, search: 'list', scanned: read };
    }
    if (!q) {
      return {
        ...(await deps.bookings.listAll({ ...(status ? { status } : {}), ...paging })),
        search: 'list',
      };
    }
    const what = classifyBookingSearch(q);
    if (what.kind === 'reference') {
      const booking = await deps.bookings.getByReference(what.reference);
      if (booking && booking.status !== 'awaiting_payment') {
        return { items: !status || booking.status === status ? [booking] : [], search: 'reference' };
      }
      // Six letters that name no booking ("TANAKA") are a name: search them as text.
    }
    if (what.kind === 'email') {
      return {
        ...(await deps.bookings.listByGuestEmail(what.email, { ...(status ? { status } : {}), ...paging })),
        search: 'email',
      };
    }
    const { read, ...page } = await deps.bookings.filterAll(
      { ...(status ? { status } : {}), ...paging, maxRead: query.maxRead },
      async (batch) => {
        await directory.load(batch.map((b) => b.hostId));
        return batch.map((b) => bookingMatchesText(b, directory.businessName(b.hostId), what.text));
      },
    );
    return { ...page, search: 'text', scanned: read };
  }

  async function view(booking: Booking): Promise<AdminBookingView> {
    const [[item], experience] = await Promise.all([
      hostDirectory(deps.hosts).summaries([booking]),
      deps.experiences.get(booking.experienceId),
    ]);
    return {
      ...(item as AdminBookingListItem),
      experience: experience
        ? {
            id: experience.id,
            title: experience.title,
            price: experience.price,
            publicationStatus: experience.publicationStatus,
          }
        : null,
    };
  }

  return {
    /** `GET /api/admin/bookings`. */
    async list(query: AdminBookingsQuery): Promise<AdminBookingPage> {
      const directory = hostDirectory(deps.hosts);
      const page = await search({ ...query, maxRead: TEXT_SEARCH_MAX_READ }, directory);
      return {
        items: await directory.summaries(page.items),
        ...(page.cursor ? { cursor: page.cursor } : {}),
        search: page.search,
        ...(page.scanned !== undefined ? { scanned: page.scanned } : {}),
      };
    },

    /** `GET /api/admin/bookings/{id}`. */
    async get(id: string): Promise<AdminBookingView> {
      return view(await request(id));
    },

    /**
     * `GET /api/admin/bookings.csv`: every booking of the filter and search, page after page, as one CSV file.
     * Refused (400, nothing half-written) beyond EXPORT_MAX_ROWS rows, or when a text search would have to read
     * more than EXPORT_MAX_READ bookings: the answer must fit one Lambda response (6 MB) and one API Gateway
     * timeout (30 s).
     */
    async exportCsv(
      query: AdminBookingsExportQuery,
    ): Promise<{ csv: string; rows: number; fileName: string }> {
      const directory = hostDirectory(deps.hosts);
      const rows: Booking[] = [];
      let cursor: string | undefined;
      let read = 0;
      const tooLarge = () =>
        new DomainError('validation_failed', adminMessages.exportTooLarge(EXPORT_MAX_ROWS));
      do {
        const page = await search(
          {
            ...query,
            ...(cursor ? { cursor } : {}),
            limit: EXPORT_PAGE,
            maxRead: Math.max(1, Math.min(10 * EXPORT_PAGE, EXPORT_MAX_READ - read)),
          },
          directory,
        );
        rows.push(...page.items);
        read += page.scanned ?? page.items.length;
        cursor = page.cursor;
        if (rows.length > EXPORT_MAX_ROWS || (cursor && read >= EXPORT_MAX_READ)) throw tooLarge();
      } while (cursor);
      return {
        csv: bookingsCsv(await directory.summaries(rows)),
        rows: rows.length,
        fileName: bookingsCsvFileName(deps.clock(), query.status),
      };
    },

    /** `POST /api/admin/bookings/{id}/approve`: the host's use case, recorded as decided by this admin. */
    async approve(id: string, adminId: string): Promise<AdminBookingView> {
      return view(await deps.decisions.approve(id, { role: 'admin', userId: adminId }));
    },

    /** `POST /api/admin/bookings/{id}/deny`: the host's use case (reason required), decided by this admin. */
    async deny(id: string, reason: string, adminId: string): Promise<AdminBookingView> {
      return view(await deps.decisions.deny(id, reason, { role: 'admin', userId: adminId }));
    },
  };
}

export type AdminBookings = ReturnType<typeof makeAdminBookings>;
