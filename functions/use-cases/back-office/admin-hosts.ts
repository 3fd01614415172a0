/**
 * Hosts, for the admin (back-office spec §2 "Host list", "Host detail", "Host creation"): the list newest first
 * with each host's experience count, the detail with the host's experiences and open requests, the creation of a
 * host account, and (beyond the specification) suspension and reinstatement.
 *
 * Creation is both or neither: a Cognito user (e-mail verified, the admin's password as a temporary one that the
 * host replaces at first sign-in) and the host profile, approved at once (DESIGN §4d). The user comes first because its id is the profile's; when the profile cannot be written,
 * the user is deleted again. A taken e-mail (a host profile, or a user of the host pool) is 409.
 *
 * Suspension: the suspension record (which takes the host's experiences out of the guest catalogue and makes the
 * host API answer 403) and the disabled Cognito user (no sign-in, no token refresh) — again both or neither.
 * The experiences keep their own publication status, so reinstating puts back exactly what was public. Pending
 * requests stay open; the admin answers them on the host's behalf (`admin-bookings.ts`), or they expire.
 *
 * Experience counts are one COUNT query per host of the host-experiences index (GSI1), the page's hosts in
 * parallel: exact by construction (no counter to drift or to backfill for experiences that existed before), and
 * cheap for an admin screen (the index items of one host's experiences, a page of at most 100 hosts).
 */
import type { PayoutProfileRepository } from '../money-ports';
import type {
  AdminHostExperienceItem,
  AdminHostListItem,
  AdminHostView,
  HostSuspension,
} from '../../domain/back-office-views';
import { searchable } from '../../domain/booking-search';
import { reviewStatusOf, type Experience, type Host } from '../../domain/entities';
import { DomainError, isDomainError } from '../../domain/errors';
import { PLACEHOLDER_IMAGE } from '../../domain/experience-card';
import {
  adminCreateHostSchema,
  adminHostCreationMessages,
  adminMessages,
  type AdminHostsQuery,
} from '../../domain/schemas/admin';
import { parseOrThrow } from '../../domain/validation';
import { errorFields } from '../console-logger';
import { announcePageChange, type GuestPageEvents } from '../refresh-guest-pages';
import type { HostNotifications } from '../host-notifications';
import type { BookingNotifications } from '../mail-notifications';
import type {
  BookingRepository,
  ExperienceRepository,
  HostIdentity,
  HostRepository,
  Logger,
  Page,
  PageRequest,
} from '../ports';

/** Experiences and open requests shown in one host's detail (a host with more is an outlier worth a look). */
export const HOST_DETAIL_MAX_EXPERIENCES = 500;
export const HOST_DETAIL_MAX_PENDING = 100;

export interface AdminHostsDeps {
  hosts: HostRepository;
  /** Commission, payout account and payout hold shown with the host (DESIGN §6 wave 4). */
  payoutProfiles: Pick<PayoutProfileRepository, 'get'>;
  experiences: ExperienceRepository;
  bookings: BookingRepository;
  identity: HostIdentity;
  hostNotifications: HostNotifications;
  /** Starts delivery of the mails just written (`queued`). */
  notifications: Pick<BookingNotifications, 'queued'>;
  logger: Logger;
  /** The guest pages' renderer hears of suspensions and reinstatements (issue 17). */
  pageEvents?: GuestPageEvents;
  clock: () => Date;
}

const emailTaken = () =>
  new DomainError('duplicate', adminHostCreationMessages.emailTaken, {
    email: adminHostCreationMessages.emailTaken,
  });

/** Hosts one search request reads at most (newest first) before it answers with what it found and a cursor. */
export const HOST_SEARCH_MAX_READ = 1000;

/**
 * `q` has no index (hosts are few: hundreds, not millions): the newest-first list is read a page of 100 at a time
 * and filtered on the business name and e-mail, until `limit` matches or `HOST_SEARCH_MAX_READ` hosts were read.
 * The cursor continues after the last host read, so a page may hold a few more than `limit`.
 */
async function searchHosts(
  read: (request: PageRequest) => Promise<Page<Host>>,
  text: string,
  query: Pick<AdminHostsQuery, 'limit' | 'cursor'>,
): Promise<Page<Host>> {
  const items: Host[] = [];
  let cursor = query.cursor;
  let scanned = 0;
  do {
    const page = await read({ limit: 100, ...(cursor ? { cursor } : {}) });
    scanned += page.items.length;
    items.push(
      ...page.items.filter((h) => `${searchable(h.businessName)}\n${searchable(h.email)}`.includes(text)),
    );
    cursor = page.cursor;
  } while (cursor && items.length < query.limit && scanned < HOST_SEARCH_MAX_READ);
  return { items, ...(cursor ? { cursor } : {}) };
}

export function makeAdminHosts(deps: AdminHostsDeps) {
  /**
   * Writes the suspension change; when it fails, the Cognito change made before is undone, except when another
   * admin made the same change meanwhile (`state_conflict`: the user is already as that change left it).
   */
  async function undoIdentityOnFailure(write: () => Promise<void>, undo: () => Promise<void>, id: string) {
    try {
      await write();
    } catch (e) {
      if (isDomainError(e) && e.code === 'state_conflict') throw e;
      await undo().catch((undoError: unknown) =>
        deps.logger.error('Host user could not be changed back; check it by hand', {
          hostId: id,
          ...errorFields(undoError),
        }),
      );
      throw e;
    }
  }

  async function existing(id: string): Promise<Host> {
    const host = await deps.hosts.get(id);
    if (!host) throw new DomainError('not_found', adminMessages.hostNotFound);
    return host;
  }

  async function experiencesOf(hostId: string): Promise<Experience[]> {
    const all: Experience[] = [];
    let cursor: string | undefined;
    do {
      const page: Page<Experience> = await deps.experiences.listByHost(hostId, {
        limit: 100,
        ...(cursor ? { cursor } : {}),
      });
      all.push(...page.items);
      cursor = page.cursor;
    } while (cursor && all.length < HOST_DETAIL_MAX_EXPERIENCES);
    return all.slice(0, HOST_DETAIL_MAX_EXPERIENCES);
  }

  async function view(host: Host): Promise<AdminHostView> {
    const [suspension, experiences, pending, payout] = await Promise.all([
      deps.hosts.suspensionOf(host.id),
      experiencesOf(host.id),
      deps.bookings.listByHost(host.id, { status: 'pending', limit: HOST_DETAIL_MAX_PENDING }),
      deps.payoutProfiles.get(host.id),
    ]);
    const items: AdminHostExperienceItem[] = experiences.map((e) => ({
      id: e.id,
      title: e.title,
      image: e.mainImages[0] || PLACEHOLDER_IMAGE,
      publicationStatus: e.publicationStatus,
      price: e.price,
      createdAt: e.createdAt,
      listed: e.publicationStatus === 'public' && suspension === null,
    }));
    return {
      ...host,
      reviewStatus: reviewStatusOf(host),
      suspension,
      experiences: items,
      pendingBookings: pending.items,
      commissionPercent: payout.commissionPercent,
      payoutAccount: { status: payout.account?.status ?? 'none' },
      payoutHold: payout.hold,
    };
  }

  return {
    /**
     * `GET /api/admin/hosts`: newest first, with experience counts, suspension and review status;
     * `reviewStatus=underReview` lists only the hosts waiting for approval.
     */
    async list(query: AdminHostsQuery): Promise<Page<AdminHostListItem>> {
      const read = (request: PageRequest) =>
        query.reviewStatus === 'underReview' ? deps.hosts.listUnderReview(request) : deps.hosts.list(request);
      const [page, suspended] = await Promise.all([
        query.q
          ? searchHosts(read, searchable(query.q), query)
          : read({ limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) }),
        deps.hosts.suspendedHostIds(),
      ]);
      const counts = await Promise.all(page.items.map((h) => deps.experiences.countByHost(h.id)));
      return {
        items: page.items.map((h, i) => ({
          id: h.id,
          email: h.email,
          businessName: h.businessName,
          experienceCount: counts[i] ?? 0,
          createdAt: h.createdAt,
          suspended: suspended.has(h.id),
          reviewStatus: reviewStatusOf(h),
        })),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    /** `GET /api/admin/hosts/{id}`. */
    async get(id: string): Promise<AdminHostView> {
      return view(await existing(id));
    },

    /** `POST /api/admin/hosts`: the admin host form (back-office spec §5), both or neither. */
    async create(input: unknown): Promise<AdminHostView> {
      const form = parseOrThrow(adminCreateHostSchema, input);
      // Lower-cased: the address is the sign-in name, and not every Cognito (cognito-local) ignores its case.
      const email = form.email.toLowerCase();
      if (await deps.hosts.getByEmail(email)) throw emailTaken();
      const { userId } = await deps.identity.createUser({ email, password: form.password });
      const host: Host = {
        id: userId,
        email,
        businessName: form.businessName,
        introduction: form.introduction,
        businessDescription: form.businessDescription,
        businessHours: form.businessHours,
        address: form.address,
        phone: form.phone,
        website: form.website,
        locationLat: form.locationLat,
        locationLng: form.locationLng,
        languages: form.languages,
        // The specification creates admin-made hosts without a policy; the host sets one in profile settings.
        cancellationPolicy: null,
        avatarUrl: null,
        createdAt: deps.clock().toISOString(),
        // Vetted by the admin who created it; the host still sets their own password at first sign-in.
        reviewStatus: 'approved',
      };
      try {
        await deps.hosts.create(host);
      } catch (e) {
        await deps.identity.deleteUser(userId).catch((rollback: unknown) =>
          // The one case left for an operator: a user without a profile (it can sign in, and gets 403 not_a_host).
          deps.logger.error('Host user could not be removed after its profile failed; delete it by hand', {
            userId,
            email,
            ...errorFields(rollback),
          }),
        );
        if (isDomainError(e) && e.code === 'duplicate') throw emailTaken();
        if (isDomainError(e)) throw e;
        throw new DomainError('service_unavailable', adminMessages.hostCreationFailed, undefined, {
          cause: e,
        });
      }
      return view(host);
    },

    /**
     * `POST /api/admin/hosts/{id}/approve`: a self-registered host may publish from now on, and is told by mail.
     * Approving an approved host changes nothing and sends nothing. The write is conditional on the host still
     * being under review, so of two approvals at once (a double click, two admins) only the one that changed
     * `underReview → approved` writes the mail; the other answers the host as it now is.
     */
    async approve(id: string): Promise<AdminHostView> {
      const host = await existing(id);
      if (reviewStatusOf(host) === 'approved') return view(host);
      const approved: Host = { ...host, reviewStatus: 'approved' };
      const mails = deps.hostNotifications.approved(approved);
      try {
        await deps.hosts.update(approved, { mails, now: deps.clock(), onlyIfUnderReview: true });
      } catch (e) {
        if (!(isDomainError(e) && e.code === 'state_conflict')) throw e;
        const now = await existing(id);
        if (reviewStatusOf(now) !== 'approved') {
          throw new DomainError('state_conflict', adminMessages.hostChangedMeanwhile, undefined, {
            cause: e,
          });
        }
        return view(now);
      }
      await deps.notifications.queued(mails);
      return view(approved);
    },

    /**
     * `POST /api/admin/hosts/{id}/suspend`: the Cognito user is disabled first, then the suspension record and the
     * host's mail are written in one transaction; when that write fails the user is enabled again. So the host is
     * mailed exactly when the suspension holds.
     */
    async suspend(id: string, reason: string | null, adminId: string): Promise<AdminHostView> {
      const host = await existing(id);
      if (await deps.hosts.suspensionOf(id)) {
        throw new DomainError('state_conflict', adminMessages.hostAlreadySuspended);
      }
      const suspension: HostSuspension = {
        suspendedAt: deps.clock().toISOString(),
        suspendedBy: adminId,
        reason,
      };
      try {
        await deps.identity.disableUser(id);
      } catch (e) {
        deps.logger.error('Host user could not be disabled; not suspended', {
          hostId: id,
          ...errorFields(e),
        });
        throw new DomainError('service_unavailable', adminMessages.suspensionFailed, undefined, { cause: e });
      }
      const mails = deps.hostNotifications.suspended(host);
      await undoIdentityOnFailure(
        () => deps.hosts.suspend(id, suspension, { mails, now: deps.clock() }),
        () => deps.identity.enableUser(id),
        id,
      );
      await deps.notifications.queued(mails);
      await announcePageChange(deps, { kind: 'host', hostId: id });
      return view(host);
    },

    /** `POST /api/admin/hosts/{id}/reinstate`: the mirror of `suspend` (user enabled, then record and mail). */
    async reinstate(id: string): Promise<AdminHostView> {
      const host = await existing(id);
      if (!(await deps.hosts.suspensionOf(id))) {
        throw new DomainError('state_conflict', adminMessages.hostNotSuspended);
      }
      try {
        await deps.identity.enableUser(id);
      } catch (e) {
        deps.logger.error('Host user could not be enabled; still suspended', {
          hostId: id,
          ...errorFields(e),
        });
        throw new DomainError('service_unavailable', adminMessages.reinstatementFailed, undefined, {
          cause: e,
        });
      }
      const mails = deps.hostNotifications.reinstated(host);
      await undoIdentityOnFailure(
        () => deps.hosts.reinstate(id, { mails, now: deps.clock() }),
        () => deps.identity.disableUser(id),
        id,
      );
      await deps.notifications.queued(mails);
      await announcePageChange(deps, { kind: 'host', hostId: id });
      return view(host);
    },
  };
}

export type AdminHosts = ReturnType<typeof makeAdminHosts>;
