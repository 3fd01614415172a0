/**
 * The admin's money routes (DESIGN §6 wave 4): payouts by status, the ledger summary, a host's earnings,
 * commission and payout holds. Every hold and release records who (the admin's e-mail, else the user id) and why.
 */
import { adminRuntime } from '../../adapters/runtime/admin-runtime';
import { adminMessages } from '../../domain/schemas/admin';
import {
  adminPayoutsQuery,
  commissionSchema,
  earningsQuery,
  payoutHoldSchema,
} from '../../domain/schemas/money';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import type { JsonBodyEvent } from '../http/json-body';
import { BACK_OFFICE_INVALID_REQUEST, parseBody, parseQuery, pathId } from '../http/request';
import { json } from '../http/responses';

const earnings = () => adminRuntime().useCases.earnings;
const hostId = (event: HttpApiEvent) => pathId(event, adminMessages.hostNotFound);
/** Who acts: the admin's e-mail when the token carries it (ID tokens do), else the user id. */
const adminName = (event: HttpApiEvent) =>
  event.requestContext.authorizer?.jwt.claims.email ?? callerSub(event);

export async function listPayouts(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(
    200,
    await earnings().adminPayouts(parseQuery(event, adminPayoutsQuery, BACK_OFFICE_INVALID_REQUEST)),
  );
}

export async function getLedgerSummary(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await earnings().ledgerSummary());
}

export async function getHostEarnings(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const query = parseQuery(event, earningsQuery, BACK_OFFICE_INVALID_REQUEST);
  return json(200, await earnings().adminHostEarnings(hostId(event), query));
}

export async function putCommission(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const id = hostId(event);
  const { percent } = parseBody(event, commissionSchema, BACK_OFFICE_INVALID_REQUEST);
  await earnings().setCommission(id, percent);
  return json(200, await adminRuntime().useCases.hosts.get(id));
}

export async function holdPayouts(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const { reason } = parseBody(event, payoutHoldSchema, BACK_OFFICE_INVALID_REQUEST);
  return json(200, { payoutHold: await earnings().holdPayouts(hostId(event), reason, adminName(event)) });
}

export async function releasePayouts(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  await earnings().releasePayouts(hostId(event), adminName(event));
  return json(200, { payoutHold: null });
}

/** Beyond the contract: every host whose payouts are held (the 支払 screen), and one host's log. */
export async function listPayoutHolds(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await earnings().payoutHolds());
}

export async function getPayoutHoldLog(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await earnings().payoutHoldLog(hostId(event)));
}
