/**
 * The local payment gateway's Connect routes (DESIGN §6 local-only; never deployed): the onboarding page Stripe's
 * hosted page stands for (bank and branch named from `zengin-code`, the account number and the holder's name
 * checked in Japanese), its shortcut for tests (`/accounts/{hostId}/complete`), and the card holder's disputes.
 */
import * as z from 'zod';
import { bankName, branchName } from '../../adapters/payments/local-banks';
import { LocalPaymentGateway } from '../../adapters/payments/local-payment-gateway';
import { guestRuntime } from '../../adapters/runtime/guest-runtime';
import { runtimeAdapters } from '../../adapters/runtime/adapters';
import { moneyAdapters } from '../../adapters/runtime/money-adapters';
import { DomainError } from '../../domain/errors';
import {
  bankDetailsMessages,
  bankDetailsSchema,
  payoutAccountOf,
  type BankDetails,
} from '../../domain/payout-account';
import { payHostsJob } from '../../adapters/runtime/money-runtime';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, pathId } from '../http/request';
import { json } from '../http/responses';
import { onboardingPage } from './onboarding-page';

function localGateway(): LocalPaymentGateway {
  const { payments } = guestRuntime();
  if (!(payments instanceof LocalPaymentGateway)) {
    throw new DomainError('not_found', 'The local payment gateway is not in use');
  }
  return payments;
}

/** The bank details with their names, or a 400 naming each field that is wrong (Japanese, as Stripe's JP page). */
function checkedBank(input: unknown): BankDetails & { bankName: string; branchName: string } {
  const parsed = bankDetailsSchema.safeParse(input);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  }
  const details = parsed.success ? parsed.data : null;
  const bank = details ? bankName(details.bankCode) : null;
  if (details && !bank) fields.bankCode = bankDetailsMessages.bankUnknown;
  const branch = details && bank ? branchName(details.bankCode, details.branchCode) : null;
  if (details && bank && !branch) fields.branchCode = bankDetailsMessages.branchUnknown;
  if (!details || !bank || !branch || Object.keys(fields).length > 0) {
    throw new DomainError('validation_failed', '入力内容を確認してください。', fields);
  }
  return { ...details, bankName: bank, branchName: branch };
}

const html = (statusCode: number, body: string): HttpApiStructuredResult => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body,
});

/** `GET /api/local-payments/onboarding/{accountId}?token`: the page, or the link's refresh address once it lapsed. */
export async function getOnboardingPage(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const accountId = pathId(event, 'Account not found', 'accountId');
  const token = event.queryStringParameters?.token ?? '';
  const { account, link, lapsedTo } = await localGateway().onboardingLink(accountId, token);
  if (lapsedTo)
    return { statusCode: 302, headers: { location: lapsedTo, 'cache-control': 'no-store' }, body: '' };
  if (!link)
    return html(
      404,
      onboardingPage({ accountId, token, businessName: account.business_profile.name, valid: false }),
    );
  return html(
    200,
    onboardingPage({ accountId, token, businessName: account.business_profile.name, valid: true }),
  );
}

/** `POST /api/local-payments/onboarding/{accountId}` `{ token, bankCode, branchCode, accountNumber, accountHolderName }`. */
export async function submitOnboarding(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const accountId = pathId(event, 'Account not found', 'accountId');
  const body = (event.jsonBody ?? {}) as Record<string, unknown>;
  const token = typeof body.token === 'string' ? body.token : '';
  const bank = checkedBank(body);
  const { returnUrl } = await localGateway().completeOnboarding(accountId, token, bank);
  return json(200, { returnUrl });
}

/** `GET /api/local-payments/banks/{code}?branch=xxx`: the names the page shows as the host types. */
export async function lookupBank(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const code = event.pathParameters?.code ?? '';
  const branch = event.queryStringParameters?.branch ?? '';
  const bank = /^\d{4}$/.test(code) ? bankName(code) : null;
  return json(200, {
    bankName: bank,
    branchName: bank && /^\d{3}$/.test(branch) ? branchName(code, branch) : null,
  });
}

export const completeAccountSchema = z.strictObject({ failPayouts: z.boolean().optional() });

/** The test bank account the shortcut gives (みずほ銀行 東京営業部, a made-up number). */
const TEST_BANK = {
  bankCode: '0001',
  branchCode: '001',
  accountNumber: '1234567',
  accountHolderName: 'テスト ホスト',
};

/**
 * `POST /api/local-payments/accounts/{hostId}/complete` `{ failPayouts? }` → `200 { status: "enabled" }`: creates the
 * host's account if need be and finishes onboarding as the page does (the payouts of `failPayouts` fail).
 */
export async function completeAccount(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const hostId = pathId(event, 'Host not found', 'hostId');
  const { failPayouts } = parseBody(event, completeAccountSchema);
  await enableLocalPayoutAccount(hostId, { failPayouts });
  return json(200, { status: 'enabled' });
}

/**
 * Creates the host's local connected account if need be and finishes its onboarding with the test bank account
 * (the bulk seed's hosts get theirs here too); answers the account's id.
 */
export async function enableLocalPayoutAccount(
  hostId: string,
  options: { failPayouts?: boolean } = {},
): Promise<string> {
  const base = runtimeAdapters();
  const { payoutProfiles } = moneyAdapters(base);
  const host = await base.repositories.hosts.get(hostId);
  if (!host) throw new DomainError('not_found', 'Host not found');
  const gateway = localGateway();
  const created = await gateway.createConnectedAccount({
    hostId,
    email: host.email,
    businessName: host.businessName,
  });
  const { clock } = guestRuntime();
  await payoutProfiles.attachAccount(hostId, payoutAccountOf(created, clock()));
  const { account } = await gateway.completeOnboarding(created.id, null, checkedBank(TEST_BANK), {
    failPayouts: options.failPayouts,
  });
  // Recorded at once (the `account.updated` event records it as well, a moment later).
  await payoutProfiles.updateAccount(hostId, payoutAccountOf(account, clock()));
  return account.id;
}

/** The local gateway of the stack (a 404 where another gateway is in use). */
export const localPaymentGateway = localGateway;

export const openDisputeSchema = z.strictObject({ bookingId: z.string().min(1).max(100) });
export const closeDisputeSchema = z.strictObject({ outcome: z.enum(['won', 'lost']) });

/** `POST /api/local-payments/disputes` `{ bookingId }`: the card holder disputes the charge. */
export async function openDispute(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const { bookingId } = parseBody(event, openDisputeSchema);
  const dispute = await localGateway().openDispute(bookingId);
  return json(200, { id: dispute.id, status: dispute.status, amount: dispute.amount });
}

/** `POST /api/local-payments/disputes/{bookingId}/close` `{ outcome }`. */
export async function closeDispute(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const bookingId = pathId(event, 'Booking not found', 'bookingId');
  const { outcome } = parseBody(event, closeDisputeSchema);
  const dispute = await localGateway().closeDispute(bookingId, outcome);
  return json(200, { id: dispute.id, status: dispute.status });
}

/** `POST /api/local-jobs/pay-hosts`: the payout job now, every batch until nothing due is left. */
export async function runPayHosts(): Promise<HttpApiStructuredResult> {
  return json(200, await payHostsJob()());
}
