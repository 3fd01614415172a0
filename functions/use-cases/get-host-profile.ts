import { DomainError } from '../domain/errors';
import { publicHost, type PublicHost } from './get-experience';
import type { HostRepository } from './ports';

export const HOST_NOT_FOUND_MESSAGE = 'Host not found';

/**
 * `GET /api/hosts/{id}`: the host's public fields only (never e-mail, phone or address). A suspended host is not
 * shown to guests, like its experiences.
 */
export function makeGetHostProfile(deps: { hosts: HostRepository }) {
  return async function getHostProfile(id: string): Promise<PublicHost> {
    const [host, suspension] = await Promise.all([deps.hosts.get(id), deps.hosts.suspensionOf(id)]);
    if (!host || suspension) throw new DomainError('not_found', HOST_NOT_FOUND_MESSAGE);
    return publicHost(host);
  };
}
