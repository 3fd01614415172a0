/**
 * The admin back office's use cases, built once per cold start (STYLE §4) on top of the guest runtime, like the
 * host runtime: one payment gateway (an admin's approval captures the authorisation the guest's payment created),
 * one mail setup, one clock; plus the host pool's admin API for host accounts.
 */
import { makeAdminUseCases, type AdminUseCases } from '../../use-cases/back-office/admin-use-cases';
import { CognitoHostIdentity } from '../identity/cognito-host-identity';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import type { Environment } from './environment';
import { guestRuntime, type GuestRuntime } from './guest-runtime';

let cached: { base: RuntimeAdapters; guest: GuestRuntime; useCases: AdminUseCases } | undefined;

export function adminRuntime(): { useCases: AdminUseCases } {
  const base = runtimeAdapters();
  const guest = guestRuntime();
  if (cached?.base === base && cached.guest === guest) return cached;
  const useCases = makeAdminUseCases({
    ...base.repositories,
    identity: hostIdentityOf(base.env),
    payments: guest.payments,
    notifications: guest.useCases.notifications,
    logger: guest.logger,
    clock: guest.clock,
  });
  cached = { base, guest, useCases };
  return cached;
}

function hostIdentityOf(env: Environment): CognitoHostIdentity {
  if (!env.HOST_USER_POOL_ID) {
    throw new Error('Invalid function environment: HOST_USER_POOL_ID is required by the admin API');
  }
  return new CognitoHostIdentity(env.HOST_USER_POOL_ID, {
    region: env.AWS_REGION,
    ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
  });
}
