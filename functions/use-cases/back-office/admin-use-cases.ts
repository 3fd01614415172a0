/**
 * Every admin back-office use case, wired from one set of adapters (the admin API builds this once per cold start;
 * tests build it from fakes or from the local adapters). Approve and deny are the host's own use cases
 * (`booking-decisions.ts`), called with the admin as the actor.
 */
import type { AdminDashboardView } from '../../domain/back-office-views';
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
import type { Booking } from '../../domain/entities';
import type { HostNotifications } from '../host-notifications';
import type { BookingNotifications } from '../mail-notifications';
import type {
  BookingRepository,
  CounterRepository,
  ExperienceRepository,
  HostIdentity,
  HostRepository,
  Logger,
  MailOutbox,
  PaymentGateway,
} from '../ports';
import type { MoneyRepository, PayoutProfileRepository } from '../money-ports';
import { makeEarnings } from '../money/earnings';
import type { SendMails } from '../send-mails';
import { makeAdminMails } from './admin-mails';
import { makeAdminBookings } from './admin-bookings';
import { makeAdminHosts } from './admin-hosts';
import { makeCancelBooking } from '../cancel-booking';
import { makeBookingDecisions } from './booking-decisions';

export interface AdminUseCaseDeps {
  experiences: ExperienceRepository;
  hosts: HostRepository;
  bookings: BookingRepository;
  /** Hosts' commission, payout account and payout hold (DESIGN §4g). */
  payoutProfiles: PayoutProfileRepository;
  /** Earnings, payouts and the ledger. */
  money: MoneyRepository;
  counters: CounterRepository;
  identity: HostIdentity;
  payments: PaymentGateway;
  notifications: BookingNotifications;
  outbox: MailOutbox;
  sendMails: SendMails;
  hostNotifications: HostNotifications;
  logger: Logger;
  clock: () => Date;
}

/** Deadlines the admin dashboard lists, nearest first. */
export const ADMIN_DASHBOARD_DEADLINES = 5;
/** Pending requests the dashboard reads at most (far more than 48 hours of requests of this marketplace). */
export const ADMIN_DASHBOARD_MAX_PENDING = 2000;

async function pendingRequests(bookings: BookingRepository): Promise<Booking[]> {
  const all: Booking[] = [];
  let cursor: string | undefined;
  do {
    const page = await bookings.listAll({ status: 'pending', limit: 100, ...(cursor ? { cursor } : {}) });
    all.push(...page.items.filter((b) => b.status === 'pending'));
    cursor = page.cursor;
  } while (cursor && all.length < ADMIN_DASHBOARD_MAX_PENDING);
  return all;
}

export function makeAdminUseCases(deps: AdminUseCaseDeps) {
  const decisions = makeBookingDecisions(deps);
  return {
    /**
     * `GET /api/admin/dashboard`: three counter items (sharded sums), never a count of the table; and the requests
     * waiting for an answer with the nearest deadlines, read from the pending-status index (requests wait at most
     * 48 hours, so they are few).
     */
    async dashboard(): Promise<AdminDashboardView> {
      const month = monthInZone(deps.clock(), TOKYO_TIME_ZONE);
      const [counters, pending] = await Promise.all([
        deps.counters.adminDashboard(month),
        pendingRequests(deps.bookings),
      ]);
      const nextDeadlines = pending
        .filter((b): b is Booking & { deadline: string } => b.deadline !== null)
        .sort((a, b) => a.deadline.localeCompare(b.deadline))
        .slice(0, ADMIN_DASHBOARD_DEADLINES)
        .map((b) => ({ bookingId: b.id, reference: b.reference, deadline: b.deadline }));
      return { ...counters, month, pendingRequests: pending.length, nextDeadlines };
    },
    bookings: makeAdminBookings({ ...deps, decisions }),
    hosts: makeAdminHosts(deps),
    mails: makeAdminMails(deps),
    cancellations: makeCancelBooking(deps),
    earnings: makeEarnings(deps),
  };
}

export type AdminUseCases = ReturnType<typeof makeAdminUseCases>;
