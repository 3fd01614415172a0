/**
 * The admin back office's use cases, built once per cold start (STYLE §4) on the booking services the guest and
 * host sides use too: one payment gateway (an admin's approval captures the authorisation the guest's payment
 * created), one mail setup, one clock; plus the host pool's admin API for host accounts.
 */
import { randomUUID } from 'node:crypto';
import { makeAdminUseCases, type AdminUseCases } from '../../use-cases/back-office/admin-use-cases';
import { makeHostNotifications } from '../../use-cases/host-notifications';
import { DynamoPendingRequests } from '../dynamodb/deadline-index';
import { CognitoHostIdentity } from '../identity/cognito-host-identity';
import { callLimits } from '../outside-calls';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import { moneyAdapters } from './money-adapters';
import type { Environment } from './environment';
import { bookingServices, SITE_NAME, type BookingServices } from './guest-runtime';
import { mailRuntime } from './mail-runtime';

let cached: { base: RuntimeAdapters; services: BookingServices; useCases: AdminUseCases } | undefined;

export function adminRuntime(): { useCases: AdminUseCases } {
  const base = runtimeAdapters();
  const services = bookingServices();
  if (cached?.base === base && cached.services === services) return cached;
  const useCases = makeAdminUseCases({
    ...base.repositories,
    ...moneyAdapters(base),
    ...services,
    ...mailRuntime(),
    pendingRequests: new DynamoPendingRequests(base.doc, base.env.TABLE_NAME),
    identity: hostIdentityOf(base.env),
    hostNotifications: makeHostNotifications({
      newId: randomUUID,
      baseUrl: services.baseUrl,
      siteName: SITE_NAME,
    }),
  });
  cached = { base, services, useCases };
  return cached;
}

function hostIdentityOf(env: Environment): CognitoHostIdentity {
  if (!env.HOST_USER_POOL_ID) {
    throw new Error('Invalid function environment: HOST_USER_POOL_ID is required by the admin API');
  }
  return new CognitoHostIdentity(env.HOST_USER_POOL_ID, {
    region: env.AWS_REGION,
    ...(env.COGNITO_ENDPOINT ? { endpoint: env.COGNITO_ENDPOINT } : {}),
    ...callLimits('cognito'),
  });
}
