import type { Host } from '../domain/entities';
import { isDomainError } from '../domain/errors';
import type { HostRepository } from './ports';

export interface NewHostAccount {
  /** The identity provider's user id (Cognito `sub`). */
  userId: string;
  email: string;
  businessName?: string;
}

/**
 * Creates the host profile of a confirmed account. Idempotent: Cognito may retry its trigger, and a profile that
 * already exists for this user is left as it is. The business name falls back to the e-mail's local part so the
 * dashboard never shows an empty name; the host edits it in profile settings. The host starts under review.
 */
export function makeCreateHostProfile(deps: { hosts: HostRepository; clock: () => Date }) {
  return async function createHostProfile(account: NewHostAccount): Promise<Host> {
    const existing = await deps.hosts.get(account.userId);
    if (existing) return existing;
    const host: Host = {
      id: account.userId,
      email: account.email.trim(),
      businessName: account.businessName?.trim() || account.email.split('@')[0] || account.email,
      introduction: null,
      businessDescription: null,
      businessHours: null,
      address: null,
      phone: null,
      website: null,
      locationLat: null,
      locationLng: null,
      languages: ['japanese'],
      cancellationPolicy: { days: 7, refundPercentage: 100 },
      avatarUrl: null,
      createdAt: deps.clock().toISOString(),
      // A self-registered host prepares experiences but publishes only once an admin approved them (DESIGN §4d).
      reviewStatus: 'underReview',
    };
    try {
      await deps.hosts.create(host);
      return host;
    } catch (e) {
      // A concurrent retry of the same trigger won the race: the profile is there, which is all we wanted.
      if (isDomainError(e) && e.code === 'duplicate') {
        const winner = await deps.hosts.get(account.userId);
        if (winner) return winner;
      }
      throw e;
    }
  };
}
