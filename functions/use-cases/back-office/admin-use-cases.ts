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

export function makeAdminUseCases(deps: AdminUseCaseDeps) {
  const decisions = makeBookingDecisions(deps);
  return {
    /** `GET /api/admin/dashboard`: three counter items (sharded sums), never a count of the table. */
    async dashboard(): Promise<AdminDashboardView> {
      const month = monthInZone(deps.clock(), TOKYO_TIME_ZONE);
      return { ...(await deps.counters.adminDashboard(month)), month };
    },
    bookings: makeAdminBookings({ ...deps, decisions }),
    hosts: makeAdminHosts(deps),
    mails: makeAdminMails(deps),
    cancellations: makeCancelBooking(deps),
  };
}

export type AdminUseCases = ReturnType<typeof makeAdminUseCases>;
