/**
 * Every admin back-office use case, wired from one set of adapters (the admin API builds this once per cold start;
 * tests build it from fakes or from the local adapters). Approve and deny are the host's own use cases
 * (`booking-decisions.ts`), called with the admin as the actor.
 */
import type { AdminDashboardView } from '../../domain/back-office-views';
import { TOKYO_TIME_ZONE, monthInZone } from '../../domain/calendar';
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
import type { PendingRequestIndex } from './dashboard-ports';
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
  /** The dashboard's pending requests: their number and nearest deadlines (issue 33). */
  pendingRequests: PendingRequestIndex;
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

export function makeAdminUseCases(deps: AdminUseCaseDeps) {
  const decisions = makeBookingDecisions(deps);
  return {
    /**
     * `GET /api/admin/dashboard`: three counter items (sharded sums), never a count of the table; the exact number
     * of requests waiting for an answer, counted without reading them; and the nearest deadlines among them, from
     * the sharded deadline index (issue 33: no cap, however many are pending).
     */
    async dashboard(): Promise<AdminDashboardView> {
      const month = monthInZone(deps.clock(), TOKYO_TIME_ZONE);
      const [counters, pendingRequests, nextDeadlines] = await Promise.all([
        deps.counters.adminDashboard(month),
        deps.pendingRequests.count(),
        deps.pendingRequests.nearestDeadlines(ADMIN_DASHBOARD_DEADLINES),
      ]);
      return { ...counters, month, pendingRequests, nextDeadlines };
    },
    bookings: makeAdminBookings({ ...deps, decisions }),
    hosts: makeAdminHosts(deps),
    mails: makeAdminMails(deps),
    cancellations: makeCancelBooking(deps),
    earnings: makeEarnings(deps),
  };
}

export type AdminUseCases = ReturnType<typeof makeAdminUseCases>;
