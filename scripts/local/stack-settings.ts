/**
 * The local stack's fixed settings (names, folders, the guest-page settings), its configuration as tests read it,
 * what survives a restart (`stack.json` under the data folder), and the environment the handlers read, set as CDK
 * sets it in AWS.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetRuntimeAdapters } from '../../functions/adapters/runtime/adapters';
import type { AppConfig } from '../../web/src/lib/config';
import { S3RVER_CREDENTIALS } from './s3-local';
import { IMAGES_KEY_PREFIX } from './server';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local');
export const DEFAULT_WEB_ROOT = join(REPO_ROOT, 'web', 'dist');
export const LOCAL_TABLE_NAME = 'marketplace-local';
export const LOCAL_IMAGES_BUCKET = 'marketplace-local-images';
export const SITE_NAME = 'Ehime Experiences';
export const LOCAL_MAIL_FROM = `${SITE_NAME} <no-reply@example.com>`;
export const LOCAL_CONCIERGE_EMAIL = 'concierge@example.com';

/**
 * The deployment settings of the guest pages locally: the concierge is reached by mail (the one channel that works
 * offline); no messenger, company site, social pages, video or analytics exist on a laptop, so none is shown.
 */
export const LOCAL_GUEST_SETTINGS: Pick<AppConfig, 'links' | 'ehimeVideoUrl' | 'analytics'> = {
  links: {
    messenger: null,
    contactForm: 'mailto:concierge@example.com',
    companySite: null,
    instagram: null,
    facebook: null,
  },
  ehimeVideoUrl: null,
  analytics: { enabled: false, gtmContainerId: null },
};

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

export interface LocalStackConfig {
  dataDir: string;
  region: string;
  tableName: string;
  dynamodbEndpoint: string;
  cognitoEndpoint: string;
  hostPool: PoolIds;
  adminPool: PoolIds;
  s3Endpoint: string;
  imagesBucket: string;
  sesEndpoint: string;
  /** The mail outbox page (`GET /store` for JSON, `POST /clear-store` to empty it). */
  mailboxUrl: string;
  /** What `/config.json` serves. */
  app: AppConfig;
  demo: {
    host: { email: string; password: string };
    /** `totpSecret`: the demo admin's authenticator secret (base32); null when it could not be enrolled. */
    admin: { email: string; password: string; totpSecret: string | null };
  };
}

/** Where the local payment gateway keeps its intents, under the data folder so they survive a restart. */
export const localPaymentStorePath = (dataDir: string) => join(dataDir, 'payments', 'intents.json');

/** What must survive a restart besides the emulators' own files. */
export interface StackState {
  version: 1;
  hostPool?: PoolIds;
  adminPool?: PoolIds;
  /** The Cognito port is the issuer of every token: reusing it keeps signed-in sessions valid across restarts. */
  cognitoPort?: number;
  seededAt?: string;
  /**
   * When the bookings kept under .local/ from before tours had a length were given their hour's quarters (issue 30);
   * data seeded since then needs none.
   */
  tourDaysBackfilledAt?: string;
  /** The demo admin's TOTP secret, enrolled at the first start after seeding (the pool keeps it too). */
  demoAdminTotpSecret?: string;
}

/** The variables the handlers read (`functions/adapters/runtime/environment.ts`), as CDK sets them in AWS. */
export function configureHandlerEnvironment(
  config: LocalStackConfig,
  baseUrl: string,
  persistPayments: boolean,
  originSecret = '',
): void {
  Object.assign(process.env, {
    // Empty (unset) unless a test plays CloudFront; a previous stack's value in this process is cleared.
    ORIGIN_VERIFY_SECRET: originSecret,
    STAGE: 'local',
    AWS_REGION: config.region,
    TABLE_NAME: config.tableName,
    DYNAMODB_ENDPOINT: config.dynamodbEndpoint,
    IMAGES_BUCKET: config.imagesBucket,
    IMAGES_PREFIX: IMAGES_KEY_PREFIX,
    S3_ENDPOINT: config.s3Endpoint,
    SES_ENDPOINT: config.sesEndpoint,
    MAIL_FROM: LOCAL_MAIL_FROM,
    // Issue 31: the concierge desk's notices (new inquiries, guests' answers) land in the local outbox.
    CONCIERGE_EMAIL: LOCAL_CONCIERGE_EMAIL,
    SITE_URL: baseUrl,
    // A search right after an edit finds it (AWS catches up every few seconds).
    SEARCH_REFRESH_SECONDS: '0',
    HOST_USER_POOL_ID: config.hostPool.userPoolId,
    ADMIN_USER_POOL_ID: config.adminPool.userPoolId,
    COGNITO_ENDPOINT: config.cognitoEndpoint,
    PAYMENT_PROVIDER: 'local',
    // Empty: the gateway keeps its intents in memory.
    LOCAL_PAYMENT_STORE: persistPayments ? localPaymentStorePath(config.dataDir) : '',
    // One key pair for every client of the process: s3rver only knows S3RVER, and DynamoDB Local (sharedDb),
    // cognito-local and the SES outbox accept any.
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  // A new "cold start": clients built for a previous stack in this process point at ports that are gone.
  resetRuntimeAdapters();
}

export function readState(path: string): StackState {
  if (!existsSync(path)) return { version: 1 };
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as StackState;
    return state.version === 1 ? state : { version: 1 };
  } catch {
    return { version: 1 };
  }
}

export function writeState(path: string, state: StackState): void {
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
}
