/**
 * The documents' routes (issue 28), thin like every other: the caller, the request parsed, one use case, the PDF.
 * The receipt is the guest's (identified as the lookup identifies them), the statements the signed-in host's own or,
 * for an admin, any host's.
 */
import { documentsRuntime } from '../../adapters/runtime/documents-runtime';
import { receiptRequestSchema } from '../../domain/schemas/documents';
import { STATEMENT_HOST_NOT_FOUND_MESSAGE } from '../../use-cases/documents/statements';
import type { HttpApiEvent, HttpApiStructuredResult } from '../http/api-gateway';
import { callerSub } from '../http/caller';
import { clientAddress } from '../http/client-address';
import type { JsonBodyEvent } from '../http/json-body';
import { parseBody, pathId } from '../http/request';
import { json, pdfFile } from '../http/responses';

const runtime = () => documentsRuntime();
const signedInHost = (event: HttpApiEvent) => runtime().requireHost(callerSub(event));
/** The month as the path gives it; its form is the use case's to judge (400 in Japanese). */
const monthOf = (event: HttpApiEvent) => event.pathParameters?.month ?? '';

/**
 * `POST /api/bookings/receipt` `{ email, reference, addressee?, purpose? }` → `200 application/pdf` · 400 · 404
 * exactly as the lookup (same limits) · 409 when nothing was charged (or a refund is still being made) · 429.
 */
export async function issueReceipt(event: JsonBodyEvent): Promise<HttpApiStructuredResult> {
  const request = parseBody(event, receiptRequestSchema);
  const { pdf, fileName } = await runtime().issueReceipt(request, clientAddress(event));
  return pdfFile(pdf, fileName);
}

/** `GET /api/host/statements/{yyyy-MM}` → `200 application/pdf` (支払通知書) · 400 · 404 no activity that month. */
export async function getHostStatement(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  const { pdf, fileName } = await runtime().statements.statement(host.id, monthOf(event));
  return pdfFile(pdf, fileName);
}

/** `GET /api/host/statements` (beyond the contract): the months of the last year with a statement. */
export async function listHostStatements(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  const host = await signedInHost(event);
  return json(200, await runtime().statements.months(host.id));
}

/** `GET /api/admin/hosts/{id}/statements/{yyyy-MM}` (beyond the contract): the admin's copy of a host's statement. */
export async function getAdminHostStatement(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  const hostId = pathId(event, STATEMENT_HOST_NOT_FOUND_MESSAGE);
  const { pdf, fileName } = await runtime().statements.statement(hostId, monthOf(event));
  return pdfFile(pdf, fileName);
}

/** `GET /api/admin/hosts/{id}/statements` (beyond the contract). */
export async function listAdminHostStatements(event: HttpApiEvent): Promise<HttpApiStructuredResult> {
  callerSub(event);
  return json(200, await runtime().statements.months(pathId(event, STATEMENT_HOST_NOT_FOUND_MESSAGE)));
}
