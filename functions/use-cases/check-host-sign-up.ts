import { DomainError } from '../domain/errors';
import { hostSignUpMessages } from '../domain/schemas/host';
import type { HostRepository } from './ports';

export interface HostSignUpAttempt {
  email: string;
}

/**
 * Refuses a self sign-up whose e-mail already belongs to a host profile (back-office spec §5: このメールアドレスは既に
 * 登録されています). Cognito refuses an e-mail that already has a user of the pool by itself; this covers the
 * profiles it cannot know about: a host created by an administrator whose account was removed from the pool, an
 * address that differs only in letter case (the lookup is case-insensitive), a profile written by the seed.
 */
export function makeCheckHostSignUp(deps: { hosts: Pick<HostRepository, 'getByEmail'> }) {
  return async function checkHostSignUp(attempt: HostSignUpAttempt): Promise<void> {
    const email = attempt.email.trim();
    if (!email) return;
    if (await deps.hosts.getByEmail(email)) {
      throw new DomainError('duplicate', hostSignUpMessages.emailTaken, {
        email: hostSignUpMessages.emailTaken,
      });
    }
  };
}
