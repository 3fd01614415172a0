/**
 * The host's money routes (DESIGN §6 wave 4): the payout account and its onboarding, earnings (and their CSV), and
 * payouts. Thin, like the other host routes: the signed-in host, the query parsed, one use case.
 */
import { hostRuntime } from '../../adapters/runtime/host-runtime';
import { earningsCsvQuery, earningsQuery, pageQuery } from '../../domain/schemas/money';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import { BACK_OFFICE_INVALID_REQUEST, parseQuery } from '../http/request';
import { json } from '../http/responses';

const useCases = () => hostRuntime().useCases;
const signedInHost = (event: HttpApiEvent) => useCases().account.requireHost(callerSub(event));

export async function getPayoutAccount(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await useCases().payoutAccounts.view(host.id));
}

export async function startOnboarding(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await useCases().payoutAccounts.startOnboarding(host));
}

export async function listEarnings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const query = parseQuery(event, earningsQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await useCases().earnings.hostEarnings(host.id, query));
}

export async function exportEarnings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const query = parseQuery(event, earningsCsvQuery, BACK_OFFICE_INVALID_REQUEST);
  const { csv, rows } = await useCases().earnings.hostEarningsCsv(host.id, query);
  const span = [query.from, query.to].filter(Boolean).join('_') || 'all';
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="earnings_${span}.csv"`,
      'cache-control': 'no-store',
      'x-row-count': String(rows),
    },
    body: csv,
  };
}

export async function listPayouts(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(
    200,
    await useCases().earnings.hostPayouts(host.id, parseQuery(event, pageQuery, BACK_OFFICE_INVALID_REQUEST)),
  );
}
