/**
 * The configuration of a Lambda (or of the in-process handlers of the local stack), read from the environment once,
 * lazily, on first use: never at import time, so modules import cleanly in tests and the local stack can set the
 * variables before the first request. CDK sets the same variables on every function (see `lib/`).
 */
import * as z from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const environmentSchema = z.object({
  /** `local` (npm start and the tests), `dev` or `prod`. */
  STAGE: z.enum(['local', 'dev', 'prod']),
  /** Set by Lambda itself; by the stack locally. */
  AWS_REGION: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  /** Only locally: DynamoDB Local. Absent in AWS, where the SDK's regional endpoint is right. */
  DYNAMODB_ENDPOINT: optionalUrl,
  /**
   * Only with `DYNAMODB_ENDPOINT`: another per-call bound than `CALL_LIMITS.dynamodb` (ms), for a test of logic under
   * a crowd on a machine where DynamoDB Local itself answers a few dozen calls a second. Ignored in AWS.
   */
  DYNAMODB_REQUEST_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  /** The images bucket (served under `/images/*`); only the API functions that sign uploads need it. */
  IMAGES_BUCKET: optionalText,
  /** The key prefix of uploaded images inside the bucket (`images/`), as CloudFront's `/images/*` maps it. */
  IMAGES_PREFIX: optionalText,
  /** Only locally: s3rver (path-style). */
  S3_ENDPOINT: optionalUrl,
  /** Only locally: the aws-ses-v2-local outbox. */
  SES_ENDPOINT: optionalUrl,
  /** Sender of every mail (`Name <address>` or an address). */
  MAIL_FROM: optionalText,
  /** The SES configuration set that publishes bounces and complaints (AWS only). */
  SES_CONFIGURATION_SET: optionalText,
  /**
   * The site's public origin, for links in mails (`https://example.com`, `http://localhost:3000`). Not `BASE_URL`:
   * Vite and vitest set that one to `/` in every process they run.
   */
  SITE_URL: optionalUrl,
  /** Issue 31: where the concierge desk's notices go (CDK context `conciergeEmail`; locally concierge@example.com). */
  CONCIERGE_EMAIL: optionalText,
  HOST_USER_POOL_ID: optionalText,
  ADMIN_USER_POOL_ID: optionalText,
  /** Only locally: the cognito-local endpoint for Cognito admin calls. */
  COGNITO_ENDPOINT: optionalUrl,
  /** `local` unless a Stripe key is configured. */
  PAYMENT_PROVIDER: z.enum(['stripe', 'local']).default('local'),
  /** AWS: the Secrets Manager secret holding the Stripe secret key (read at first payment, refreshed every few
   * minutes; the value `unset` means "not configured yet"). */
  STRIPE_SECRET_KEY_ARN: optionalText,
  /** Locally, with `PAYMENT_PROVIDER=stripe`: the Stripe test key itself (AWS reads it from the secret instead). */
  STRIPE_SECRET_KEY: optionalText,
  /**
   * AWS: the Secrets Manager secret CloudFront sends as the `x-origin-verify` header on every API request. Set, the
   * API answers 403 to any request without it and trusts `CloudFront-Viewer-Address` as the client's address;
   * unset (locally), the socket's address is the client (`functions/api/http/client-address.ts`).
   */
  ORIGIN_VERIFY_SECRET_ARN: optionalText,
  /**
   * Only a local stack that plays CloudFront (tests of the viewer's address, IPv6 clients): the secret itself. AWS
   * never sets it; it reads the ARN's secret.
   */
  ORIGIN_VERIFY_SECRET: optionalText,
  /** AWS: the event bus the guest-page changes go to (issue 17); unset, no pages are refreshed. */
  PAGE_EVENT_BUS: optionalText,
  /** Issue 33: the bucket of the catalogue's search index snapshot; unset, the index is built from the table. */
  CATALOGUE_INDEX_BUCKET: optionalText,
  /** Issue 33: how often (seconds) the public function catches its search index up with the table (default 5). */
  SEARCH_REFRESH_SECONDS: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().min(0).optional(),
  ),
  /** Only locally: the JSON file where the local payment gateway keeps its intents across restarts. */
  LOCAL_PAYMENT_STORE: optionalText,
  /**
   * Issue 28, the documents function: where the PDF fonts are (in Lambda the `fonts/` folder beside the bundle; a
   * `node_modules` folder works too). Unset: `node_modules` of the working directory (the local stack, tests).
   */
  DOCUMENT_FONTS_DIR: optionalText,
  /** The platform as the documents' issuer (CDK context `issuerName`, …); unset, the local stack prints a sample. */
  ISSUER_NAME: optionalText,
  ISSUER_ADDRESS: optionalText,
  ISSUER_INVOICE_NUMBER: optionalText,
});

export type Environment = z.infer<typeof environmentSchema>;

let cached: Environment | undefined;

/** The parsed environment; throws a readable error listing every missing or malformed variable. */
export function environment(source: NodeJS.ProcessEnv = process.env): Environment {
  if (cached) return cached;
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid function environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * Forgets the parsed environment, like a new cold start. Only the local stack calls it, when it starts again in the
 * same process with other endpoints (tests restart it to prove persistence).
 */
export function resetEnvironment(): void {
  cached = undefined;
}
