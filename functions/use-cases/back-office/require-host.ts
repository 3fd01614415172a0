/**
 * Every host route starts here: a valid token of the host pool whose account has no host profile, or whose host an
 * admin suspended, is 403 `not_a_host` (the specification signs such an account out), never an empty dashboard. On
 * its own so that the documents function (issue 28) checks the host the same way without the profile's schemas.
 */
import { reviewStatusOf, type Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { HOST_ACCOUNT_SUSPENDED_MESSAGE } from '../../domain/repository-messages';
import type { HostRepository } from '../ports';

/** Back-office spec §8: the non-host account's message. */
export const NOT_A_HOST_MESSAGE = 'このアカウントはホスト権限を持っていません。';

/**
 * A suspended host is refused like an account without a profile: Cognito no longer signs them in, but an ID token
 * issued before the suspension stays valid for up to an hour, and it must not reach the back office meanwhile.
 */
export function makeRequireHost(deps: { hosts: Pick<HostRepository, 'get' | 'suspensionOf'> }) {
  return async function requireHost(hostId: string): Promise<Host> {
    const [host, suspension] = await Promise.all([deps.hosts.get(hostId), deps.hosts.suspensionOf(hostId)]);
    if (!host) throw new DomainError('not_a_host', NOT_A_HOST_MESSAGE);
    // Still 403 `not_a_host` (the SPA signs the account out), with what happened and whom to ask.
    if (suspension) throw new DomainError('not_a_host', HOST_ACCOUNT_SUSPENDED_MESSAGE);
    // `GET /api/host/me` always names the review status, also for hosts stored before vetting existed.
    return { ...host, reviewStatus: reviewStatusOf(host) };
  };
}
