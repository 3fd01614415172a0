import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { NOT_A_HOST_MESSAGE } from '../../../lib/back-office-auth/auth-messages';
import { useBackOfficeAuth } from '../../../lib/back-office-auth/back-office-auth';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { hostMeQuery } from '../../../lib/back-office/host-account';

/**
 * Thrown when the signed-in account has no host profile or is suspended (it has been signed out again), with the
 * API's message: the specification's non-host message, or what a suspension means and whom to ask.
 */
export class NotAHostError extends Error {
  constructor(message: string = NOT_A_HOST_MESSAGE) {
    super(message);
    this.name = 'NotAHostError';
  }
}

/**
 * After a successful sign-in: loads the host's profile, and signs an account without one out again (back-office
 * spec §2, "a signed-in account without a row in hosts is signed out and rejected").
 */
export function useEnterHostArea() {
  const auth = useBackOfficeAuth();
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await queryClient.fetchQuery(hostMeQuery(api));
    } catch (e) {
      if (e instanceof ApiError && e.status === 403) {
        await auth.signOut().catch(() => {});
        throw new NotAHostError(e.code === 'not_a_host' && e.message ? e.message : NOT_A_HOST_MESSAGE);
      }
      throw e;
    }
  };
}
