import { DomainError } from '../domain/errors';
import { publicHost, type PublicHost } from './get-experience';
import type { HostRepository } from './ports';

export const HOST_NOT_FOUND_MESSAGE = 'Host not found';

/** `GET /api/hosts/{id}`: the host's public fields only (never e-mail, phone or address). */
export function makeGetHostProfile(deps: { hosts: HostRepository }) {
  return async function getHostProfile(id: string): Promise<PublicHost> {
    const host = await deps.hosts.get(id);
    if (!host) throw new DomainError('not_found', HOST_NOT_FOUND_MESSAGE);
    return publicHost(host);
  };
}
