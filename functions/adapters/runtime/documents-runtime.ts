/**
 * The documents function's adapters and use cases (issue 28), built once per cold start (STYLE §4): the guest's
 * receipt, the host's and the admin's statements. Only this function carries the PDF renderer and reads the fonts;
 * it pays nobody and sends no mail, so it has neither the payment gateway nor the mailer.
 */
import path from 'node:path';
import { SAMPLE_DOCUMENT_ISSUER } from '../../domain/document-issuer';
import type { DocumentIssuer } from '../../domain/receipt-document';
import { makeRequireHost } from '../../use-cases/back-office/require-host';
import { makeIssueReceipt, type IssueReceipt } from '../../use-cases/documents/receipts';
import { makeStatements, type Statements } from '../../use-cases/documents/statements';
import { DocumentFontFiles } from '../documents/document-fonts';
import { PdfDocumentRenderer } from '../documents/pdf-documents';
import { DynamoRateLimiter } from '../dynamodb/rate-limiter';
import { DynamoReceiptLog } from '../dynamodb/receipt-log';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import type { Environment } from './environment';
import { localClock } from './guest-runtime';
import { moneyAdapters } from './money-adapters';

export interface DocumentsRuntime {
  issueReceipt: IssueReceipt;
  statements: Statements;
  requireHost: ReturnType<typeof makeRequireHost>;
}

let cached: { base: RuntimeAdapters; runtime: DocumentsRuntime } | undefined;

/** The platform as issuer: all three values from the environment, or (locally only) the sample. */
export function documentIssuerOf(env: Environment): DocumentIssuer {
  if (env.ISSUER_NAME && env.ISSUER_ADDRESS && env.ISSUER_INVOICE_NUMBER) {
    return {
      name: env.ISSUER_NAME,
      address: env.ISSUER_ADDRESS,
      invoiceRegistrationNumber: env.ISSUER_INVOICE_NUMBER,
    };
  }
  if (env.STAGE === 'local') return SAMPLE_DOCUMENT_ISSUER;
  throw new Error(
    'Invalid function environment: ISSUER_NAME, ISSUER_ADDRESS and ISSUER_INVOICE_NUMBER are required',
  );
}

export function documentsRuntime(): DocumentsRuntime {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.runtime;
  const { env, doc, repositories } = base;
  const clock = localClock();
  const { money } = moneyAdapters(base);
  const renderer = new PdfDocumentRenderer(
    new DocumentFontFiles(env.DOCUMENT_FONTS_DIR ?? path.join(process.cwd(), 'node_modules')),
  );
  const issuer = documentIssuerOf(env);
  const runtime: DocumentsRuntime = {
    issueReceipt: makeIssueReceipt({
      ...repositories,
      money,
      rateLimiter: new DynamoRateLimiter(doc, env.TABLE_NAME, clock),
      receipts: new DynamoReceiptLog(doc, env.TABLE_NAME),
      renderer,
      issuer,
      clock,
    }),
    statements: makeStatements({ hosts: repositories.hosts, money, renderer, issuer, clock }),
    requireHost: makeRequireHost(repositories),
  };
  cached = { base, runtime };
  return runtime;
}
