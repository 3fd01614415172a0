/**
 * The whole product on one machine (DESIGN §7): DynamoDB Local, two Cognito-compatible pools (hosts, admins), an
 * S3-compatible images bucket, the SES outbox, and the local server that plays CloudFront + API Gateway in front of
 * the same handlers that run in Lambda. `npm start`, the integration tests and the browser tests all start it here.
 *
 * Data lives under `dataDir` (DynamoDB files, the pools, the bucket, the generated ids), so a restart finds
 * everything again; deleting the folder (`npm run reset`) starts from scratch, seeded again on the next start.
 *
 * The handlers run in this process and read their configuration from `process.env`, which the stack sets before the
 * first request: one stack per process at a time. So do the host pool's Cognito triggers, which cognito-local calls
 * through a local Lambda endpoint (`lambda-invoke.ts`, `cognito-triggers.ts`).
 */
import type { BookingLimits } from '../../functions/use-cases/create-booking';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AddCustomAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  type SchemaAttributeType,
  type UserPoolPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { createPaymentGateway } from '../../functions/adapters/payments/create-payment-gateway';
import { backfillListingKeys } from '../../functions/adapters/dynamodb/backfill-listing-keys';
import { backfillTourDays } from '../../functions/adapters/dynamodb/backfill-tour-days';
import { backfillCardKeys } from '../../functions/adapters/dynamodb/backfill-card-keys';
import { resetRuntimeAdapters } from '../../functions/adapters/runtime/adapters';
import {
  configureLocalRuntime,
  guestRuntime,
  resetGuestRuntime,
} from '../../functions/adapters/runtime/guest-runtime';
import type { PaymentIntentView } from '../../functions/use-cases/ports';
import { handler as expireBookingsHandler } from '../../functions/events/expire-bookings';
import { handler as paymentEventsHandler } from '../../functions/events/payment-events';
import type { ExpiryJobResult } from '../../functions/events/expire-bookings';
import { deliverMails, handler as sendMailsHandler } from '../../functions/events/send-mails';
import { handler as completeBookingsHandler } from '../../functions/events/complete-bookings';
import { handler as sendRemindersHandler } from '../../functions/events/send-reminders';
import { handler as sendReviewInvitesHandler } from '../../functions/events/send-review-invites';
import type { CompleteBookingsResult } from '../../functions/use-cases/complete-bookings';
import type { SendRemindersResult } from '../../functions/use-cases/send-reminders';
import type { SendReviewInvitesResult } from '../../functions/use-cases/send-review-invites';
import type { SendMailsResult } from '../../functions/use-cases/send-mails';
import {
  localPaymentEventsMode,
  localRefundsFail,
  localRefundsPending,
  onLocalFaults,
  resetLocalFaults,
  withLocalFaults,
} from '../../functions/api/local/local-faults';
import { LocalPaymentGateway } from '../../functions/adapters/payments/local-payment-gateway';
import { FaultyEventPublisher } from './faulty-events';
import { handlerGroups, routes, type HandlerGroup } from '../../functions/api/routes';
import type { AppConfig } from '../../web/src/lib/config';
import { DEMO_ADMIN, DEMO_HOST } from '../seed/hosts';
import { seedDemoBookings } from '../seed/bookings';
import { seedDemoReviews } from '../seed/reviews';
import { seedLocalData, type SeedSummary } from '../seed/seed';
import { ensureSeedPayoutAccounts } from '../seed/payout-accounts';
import { moneyAdapters } from '../../functions/adapters/runtime/money-adapters';
import { runtimeAdapters } from '../../functions/adapters/runtime/adapters';
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';
import { SEED_HOSTS } from '../seed/hosts';
import { startCognitoLocal, type CognitoLocal } from './cognito-local';
import { enrolTotp } from './cognito-sign-in';
import { hostPoolTriggers, TRIGGER_FUNCTIONS } from './cognito-triggers';
import { InProcessEventBus } from './event-bus';
import { createLocalClock, type LocalClock } from './local-clock';
import { startScheduler } from './scheduler';
import {
  ensureTable,
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  localClient,
  startDynamoDbLocal,
  type DynamoDbLocal,
} from './dynamodb-local';
import { createJwtAuthorizer, type JwtAuthorizer } from './jwt-authorizer';
import { startLambdaInvokeServer } from './lambda-invoke';
import { freePort, isPortFree } from './ports';
import { acquireLock, releaseLock } from './reset';
import {
  createLocalS3Client,
  ensureBucket,
  S3RVER_CREDENTIALS,
  startS3Local,
  type S3Local,
} from './s3-local';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_TEMPORARY_PASSWORD_DAYS,
} from '../../functions/domain/admin-password';
import { LOCAL_SITE_BUCKET, startLocalGuestPages, type LocalGuestPages } from './guest-pages';
import { IMAGES_KEY_PREFIX, startLocalServer, type LambdaHandler, type LocalServer } from './server';
import { startSesLocal, type SesLocal } from './ses-local';
import { createUploadEndpoint } from './upload-endpoint';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local');
export const DEFAULT_WEB_ROOT = join(REPO_ROOT, 'web', 'dist');
export const LOCAL_TABLE_NAME = 'marketplace-local';
export const LOCAL_IMAGES_BUCKET = 'marketplace-local-images';
export const SITE_NAME = 'Ehime Experiences';
export const LOCAL_MAIL_FROM = `${SITE_NAME} <no-reply@example.com>`;

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

export interface LocalStack {
  /** The one URL of the product. */
  url: string;
  port: number;
  config: LocalStackConfig;
  /** What this start seeded; `null` when the data was already there. */
  seeded: SeedSummary | null;
  /** The handlers' clock; tests move it forward to make holds and requests lapse. */
  clock: LocalClock;
  /** The in-process event bus between the local payment gateway and the payment-event handler. */
  events: {
    /** Resolves once every published payment event has been handled (or dead-lettered). */
    idle(): Promise<void>;
    readonly stats: InProcessEventBus['stats'];
  };
  jobs: {
    /** Runs the expiry job now (the scheduler runs it every minute anyway). */
    expireBookings(): Promise<ExpiryJobResult>;
    /** Runs the outbox sender now (every due mail; the scheduler runs it every `mailIntervalMs` anyway). */
    sendMails(): Promise<SendMailsResult>;
    /** Runs the completion job now (approved tours whose slot has ended). */
    completeBookings(): Promise<CompleteBookingsResult>;
    /** Runs the reminder job now (guests' reminders, hosts' next-day lists). */
    sendReminders(): Promise<SendRemindersResult>;
    /** Runs the review invitation job now (invitations the day after a completed tour, reminders on day 5). */
    sendReviewInvites(): Promise<SendReviewInvitesResult>;
  };
  /** The payment gateway the handlers use (the local one), to read an intent's real status. */
  payments: { retrieve(paymentIntentId: string): Promise<PaymentIntentView> };
  /** The JWT authorizers the local server applies to `/api/host/*` and `/api/admin/*` routes. */
  authorizer: JwtAuthorizer<'host' | 'admin'>;
  /** The guest-page renderer, when started with `guestPages`. */
  guestPages: LocalGuestPages | null;
  /** Stops the server and every emulator (including the Java child); resolves when all have exited. */
  stop(): Promise<void>;
}

export interface StartLocalStackOptions {
  dataDir?: string;
  /** The public port; 0 or absent picks a free one. */
  port?: number;
  /** Seed on the first start (default true). */
  seed?: boolean;
  webRoot?: string;
  log?: (line: string) => void;
  /** How often the expiry job runs (default every minute, as DESIGN §7 says). */
  expiryIntervalMs?: number;
  /** How often the completion and reminder jobs run (default every 5 minutes; tests run them on demand). */
  tourJobsIntervalMs?: number;
  /**
   * How often the outbox sender runs for retries (default every 15 s; new mails go out right after their write).
   */
  mailIntervalMs?: number;
  /**
   * Keep the local gateway's payment intents in a file under the data folder (default), so authorisations survive
   * a restart. The benchmark turns it off: the file is rewritten whole on every write, which is right for a few
   * hundred intents by hand and wrong for thousands of bookings a minute.
   */
  persistPayments?: boolean;
  /** On the first start, also make requests for the demo host (pending, approved, denied); `npm start` does. */
  demoBookings?: boolean;
  /** Other links, video or analytics settings than `LOCAL_GUEST_SETTINGS` (tests of those pages). */
  guestSettings?: Partial<Pick<AppConfig, 'links' | 'ehimeVideoUrl' | 'analytics'>>;
  /**
   * Other booking limits than the product's `BOOKING_LIMITS`: only for tests and benches of other things that book
   * many times from one address (`RELAXED_BOOKING_LIMITS`).
   */
  bookingLimits?: BookingLimits;
  /**
   * Serve prerendered guest pages (issue 17): the renderer is bundled at start and the use cases' page events
   * re-render pages; `refreshAll()` renders every page (`npm start` calls it once the web build is ready).
   */
  guestPages?: boolean;
  /**
   * Play CloudFront's origin check: requests must carry `x-origin-verify: <originSecret>`, and their
   * `CloudFront-Viewer-Address` is then the client (tests of IPv6 clients, which loopback cannot give many of).
   */
  originSecret?: string;
}

/** Where the local payment gateway keeps its intents, under the data folder so they survive a restart. */
export const localPaymentStorePath = (dataDir: string) => join(dataDir, 'payments', 'intents.json');

/** What must survive a restart besides the emulators' own files. */
interface StackState {
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

export async function startLocalStack(options: StartLocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const log = options.log ?? (() => {});
  mkdirSync(dataDir, { recursive: true });
  acquireLock(dataDir);
  const statePath = join(dataDir, 'stack.json');
  const state = readState(statePath);

  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    // Reverse order: the server first, so no request reaches an emulator that is going away.
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((e: unknown) => log(`stop failed: ${String(e)}`));
    }
    resetGuestRuntime();
    resetRuntimeAdapters();
    releaseLock(dataDir);
  };

  try {
    const publicPort = options.port ? options.port : await freePort();
    const cognitoPort =
      state.cognitoPort && (await isPortFree(state.cognitoPort)) ? state.cognitoPort : undefined;
    // cognito-local calls the host pool's triggers here, and mails the codes to the outbox: both endpoints must be
    // known before it starts. The triggers run in this process with the handlers' environment (set below, before
    // anyone can sign up); until the pools exist every event passes through unchanged.
    const lambda = await startLambdaInvokeServer({
      functions: hostPoolTriggers({ hostPoolId: () => state.hostPool?.userPoolId }),
      log,
    });
    stops.push(() => lambda.stop());
    const sesPort = await freePort();
    // All four in parallel; settle every start before failing, so none is left running unnoticed.
    const started = await Promise.allSettled([
      startDynamoDbLocal({ dir: join(dataDir, 'dynamodb') }).then(track),
      startCognitoLocal({
        dir: join(dataDir, 'cognito'),
        port: cognitoPort,
        triggers: { lambdaEndpoint: lambda.endpoint, functions: TRIGGER_FUNCTIONS },
        mail: { sesEndpoint: `http://127.0.0.1:${sesPort}`, from: LOCAL_MAIL_FROM },
      }).then(track),
      startS3Local({ dir: join(dataDir, 's3') }).then(track),
      startSesLocal({ port: sesPort }).then(track),
    ] as const);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [dynamo, cognito, s3, ses] = started.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [
      DynamoDbLocal,
      CognitoLocal,
      S3Local,
      SesLocal,
    ];
    state.cognitoPort = cognito.port;

    const dynamoClient = localClient(dynamo.endpoint);
    stops.push(async () => dynamoClient.destroy());
    /** Runs `work` with a document client of the local table, destroyed after it. */
    const withDoc = async <T>(work: (doc: DynamoDBDocumentClient) => Promise<T>): Promise<T> => {
      const doc = createDocumentClient({
        endpoint: dynamo.endpoint,
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
      });
      try {
        return await work(doc);
      } finally {
        doc.destroy();
      }
    };
    const addedIndexes = await ensureTable(dynamoClient, LOCAL_TABLE_NAME);
    if (addedIndexes.length > 0) {
      // Requests kept under .local/ from before these indexes existed get their keys (e.g. the admin e-mail search).
      const backfill = await withDoc((doc) => backfillListingKeys(doc, LOCAL_TABLE_NAME));
      log(`Indexes added: ${addedIndexes.join(', ')}; ${backfill.updated} bookings re-indexed`);
    }
    // Issue 33: published experiences stored before the search index get their entry and sorted keys (idempotent).
    const cardKeys = await withDoc((doc) => backfillCardKeys(doc, LOCAL_TABLE_NAME, 10));
    if (cardKeys.updated > 0)
      log(`Search index: ${cardKeys.updated} experiences from before given their entry`);
    if (!state.tourDaysBackfilledAt) {
      // Data seeded before tours had a length: its open bookings take their hour on the tour days, once.
      if (state.seededAt) {
        const backfill = await withDoc((doc) => backfillTourDays(doc, LOCAL_TABLE_NAME));
        log(`Tour lengths: ${backfill.updated} bookings from before hold their hour on the tour days`);
      }
      state.tourDaysBackfilledAt = new Date().toISOString();
    }

    const cognitoClient = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    stops.push(async () => cognitoClient.destroy());
    state.hostPool = await ensureUserPool(cognitoClient, state.hostPool, {
      name: 'marketplace-local-hosts',
      selfSignUp: true,
      customAttributes: HOST_POOL_CUSTOM_ATTRIBUTES,
    });
    state.adminPool = await ensureUserPool(cognitoClient, state.adminPool, {
      name: 'marketplace-local-admins',
      selfSignUp: false,
      mfa: true,
      policies: LOCAL_ADMIN_PASSWORD_POLICY,
    });

    const s3Client: S3Client = createLocalS3Client(s3.endpoint);
    stops.push(async () => s3Client.destroy());
    await ensureBucket(s3Client, LOCAL_IMAGES_BUCKET);
    writeState(statePath, state);

    const baseUrl = `http://localhost:${publicPort}`;
    const app: AppConfig = {
      stage: 'local',
      apiBaseUrl: '/api',
      region: LOCAL_REGION,
      siteName: SITE_NAME,
      baseUrl,
      cognito: { endpoint: cognito.endpoint, hostPool: state.hostPool, adminPool: state.adminPool },
      payments: { provider: 'local', publishableKey: null },
      mapsApiKey: null,
      ...LOCAL_GUEST_SETTINGS,
      ...options.guestSettings,
    };
    const config: LocalStackConfig = {
      dataDir,
      region: LOCAL_REGION,
      tableName: LOCAL_TABLE_NAME,
      dynamodbEndpoint: dynamo.endpoint,
      cognitoEndpoint: cognito.endpoint,
      hostPool: state.hostPool,
      adminPool: state.adminPool,
      s3Endpoint: s3.endpoint,
      imagesBucket: LOCAL_IMAGES_BUCKET,
      sesEndpoint: ses.endpoint,
      mailboxUrl: `${ses.endpoint}/`,
      app,
      demo: { host: { ...DEMO_HOST }, admin: { ...DEMO_ADMIN, totpSecret: null } },
    };
    configureHandlerEnvironment(config, baseUrl, options.persistPayments !== false, options.originSecret);

    // Payment events and the expiry job run in this process, through the same handlers as in AWS.
    const clock = createLocalClock();
    const bus = new InProcessEventBus({
      deliver: (envelope) => paymentEventsHandler(envelope),
      region: config.region,
      log,
    });
    stops.push(() => bus.stop());
    // Mails: delivered right after the transaction that wrote them (the stream's stand-in), retried by the
    // scheduled sender, and failing on purpose while `POST /api/local-faults { "mail": "down" }` is in force.
    resetLocalFaults();
    // Payment events duplicated or held back and reordered on request (`POST /api/local-faults`).
    const events = new FaultyEventPublisher(bus, localPaymentEventsMode);
    onLocalFaults({
      paymentEventsMoved: (to) => (to === 'held' ? Promise.resolve() : events.release()),
      refundsMoved: async (to, from) => {
        const { payments } = guestRuntime();
        if (from === 'pending' && payments instanceof LocalPaymentGateway) {
          await payments.settlePendingRefunds(to === 'down' ? 'failed' : 'succeeded');
        }
      },
    });
    let guestPages: LocalGuestPages | null = null;
    if (options.guestPages) {
      await ensureBucket(s3Client, LOCAL_SITE_BUCKET);
      guestPages = await startLocalGuestPages({
        s3: s3Client,
        webRoot: options.webRoot ?? DEFAULT_WEB_ROOT,
        appConfig: () => app,
        log,
      });
      const pages = guestPages;
      stops.push(() => pages.stop());
    }
    configureLocalRuntime({
      ...(guestPages ? { pageEvents: guestPages } : {}),
      localPayments: createPaymentGateway,
      paymentEvents: events,
      clock: clock.now,
      advanceClock: (ms) => {
        clock.advanceBy(ms);
        return clock.now();
      },
      mailsQueued: deliverMails,
      mailer: withLocalFaults,
      refundsFail: localRefundsFail,
      refundsPending: localRefundsPending,
      ...(options.bookingLimits ? { bookingLimits: options.bookingLimits } : {}),
    });
    const mailSender = startScheduler({
      name: 'mail sender',
      intervalMs: options.mailIntervalMs ?? 15_000,
      run: () => sendMailsHandler(),
      log,
    });
    stops.push(() => mailSender.stop());
    const expiry = startScheduler({
      name: 'expiry job',
      intervalMs: options.expiryIntervalMs ?? 60_000,
      run: () => expireBookingsHandler(),
      log,
    });
    stops.push(() => expiry.stop());
    const tourJobsInterval = options.tourJobsIntervalMs ?? 5 * 60_000;
    const completion = startScheduler({
      name: 'completion job',
      intervalMs: tourJobsInterval,
      run: () => completeBookingsHandler(),
      log,
    });
    stops.push(() => completion.stop());
    const reminders = startScheduler({
      name: 'reminder job',
      intervalMs: tourJobsInterval,
      run: () => sendRemindersHandler(),
      log,
    });
    stops.push(() => reminders.stop());
    const reviewInvites = startScheduler({
      name: 'review invitation job',
      intervalMs: tourJobsInterval,
      run: () => sendReviewInvitesHandler(),
      log,
    });
    stops.push(() => reviewInvites.stop());

    let seeded: SeedSummary | null = null;
    const seedAccounts = async (repositories: DynamoRepositories) => {
      const hosts = await Promise.all(SEED_HOSTS.map((h) => repositories.hosts.getByEmail(h.email)));
      const { payoutProfiles } = moneyAdapters(runtimeAdapters());
      const made = await ensureSeedPayoutAccounts(
        { hosts: repositories.hosts, payoutProfiles },
        hosts.flatMap((h) => (h ? [h.id] : [])),
      );
      if (made > 0) log(`Enabled the local payout accounts of ${made} seeded hosts`);
    };
    if (options.seed !== false && !state.seededAt) {
      const pools = { hostPoolId: state.hostPool.userPoolId, adminPoolId: state.adminPool.userPoolId };
      await withDoc(async (doc) => {
        const repositories = createDynamoRepositories({ doc, tableName: LOCAL_TABLE_NAME });
        seeded = await seedLocalData({
          repositories,
          cognito: cognitoClient,
          ...pools,
          s3: s3Client,
          imagesBucket: LOCAL_IMAGES_BUCKET,
          now: new Date(),
          log,
        });
        await seedAccounts(repositories);
        if (options.demoBookings) {
          const made = await seedDemoBookings(repositories, seeded.hostIds.setouchiGuides);
          log(`Seeded ${made} requests for the demo host`);
          log(
            `Seeded ${await seedDemoReviews(repositories, seeded.hostIds.setouchiGuides, new Date())} reviews of completed tours`,
          );
        }
      });
      state.seededAt = new Date().toISOString();
      writeState(statePath, state);
    } else if (options.seed !== false) {
      await withDoc((doc) => seedAccounts(createDynamoRepositories({ doc, tableName: LOCAL_TABLE_NAME })));
    }
    if (!state.demoAdminTotpSecret && state.seededAt) {
      const secret = await enrolDemoAdmin(cognitoClient, state.adminPool.clientId, log);
      if (secret) {
        state.demoAdminTotpSecret = secret;
        writeState(statePath, state);
      }
    }
    config.demo.admin.totpSecret = state.demoAdminTotpSecret ?? null;

    const authorizer = createJwtAuthorizer({
      host: {
        issuer: `${cognito.endpoint}/${state.hostPool.userPoolId}`,
        clientIds: [state.hostPool.clientId],
      },
      admin: {
        issuer: `${cognito.endpoint}/${state.adminPool.userPoolId}`,
        clientIds: [state.adminPool.clientId],
      },
    });
    const server: LocalServer = await startLocalServer({
      port: publicPort,
      routes,
      loadHandler: loadHandlerModule,
      authorizer,
      images: { client: s3Client, bucket: LOCAL_IMAGES_BUCKET },
      uploads: createUploadEndpoint({
        client: s3Client,
        bucket: LOCAL_IMAGES_BUCKET,
        credentials: S3RVER_CREDENTIALS,
      }),
      appConfig: () => app,
      webRoot: options.webRoot ?? DEFAULT_WEB_ROOT,
      ...(guestPages ? { guestPages: guestPages.store } : {}),
      log,
    });
    stops.push(() => server.close());

    return {
      url: baseUrl,
      port: server.port,
      config,
      seeded,
      clock,
      events: { idle: () => bus.idle(), stats: bus.stats },
      jobs: {
        expireBookings: () => expiry.runNow(),
        sendMails: () => mailSender.runNow(),
        completeBookings: () => completion.runNow(),
        sendReminders: () => reminders.runNow(),
        sendReviewInvites: () => reviewInvites.runNow(),
      },
      payments: { retrieve: (id) => guestRuntime().payments.retrieve(id) },
      authorizer,
      guestPages,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }

  function track<T extends DynamoDbLocal | CognitoLocal | S3Local | SesLocal>(service: T): T {
    stops.push(() => service.stop());
    return service;
  }
}

/** The variables the handlers read (`functions/adapters/runtime/environment.ts`), as CDK sets them in AWS. */
function configureHandlerEnvironment(
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

async function loadHandlerModule(group: HandlerGroup): Promise<LambdaHandler> {
  const entry = join(REPO_ROOT, handlerGroups[group].entry);
  const mod = (await import(pathToFileURL(entry).href)) as { handler?: LambdaHandler };
  if (typeof mod.handler !== 'function') throw new Error(`${handlerGroups[group].entry} exports no handler`);
  return mod.handler;
}

/**
 * The local pools get the settings `lib/auth-construct.ts` gives the AWS pools (see `ensureUserPool`): e-mail
 * usernames matched case-insensitively, e-mail verified at sign-up, this password rule (the specification's: at
 * least 8 characters, no character classes) and the app client's `PreventUserExistenceErrors`. The patched
 * cognito-local enforces them (`cognito-local-patches.ts`).
 */
const LOCAL_PASSWORD_POLICY: UserPoolPolicyType = {
  PasswordPolicy: {
    MinimumLength: 8,
    RequireLowercase: false,
    RequireUppercase: false,
    RequireNumbers: false,
    RequireSymbols: false,
    TemporaryPasswordValidityDays: 3,
  },
};

/** The admin pool's own rule, as `ADMIN_PASSWORD_POLICY` gives the AWS admin pool (issue 29). */
export const LOCAL_ADMIN_PASSWORD_POLICY: UserPoolPolicyType = {
  PasswordPolicy: {
    ...LOCAL_PASSWORD_POLICY.PasswordPolicy,
    MinimumLength: ADMIN_PASSWORD_MIN_LENGTH,
    TemporaryPasswordValidityDays: ADMIN_TEMPORARY_PASSWORD_DAYS,
  },
};

/** The host's business name, given at sign-up and read by the post-confirmation trigger. */
export const HOST_POOL_CUSTOM_ATTRIBUTES: SchemaAttributeType[] = [
  {
    Name: 'business_name',
    AttributeDataType: 'String',
    Mutable: true,
    StringAttributeConstraints: { MinLength: '1', MaxLength: '200' },
  },
];

export interface UserPoolOptions {
  name: string;
  selfSignUp: boolean;
  /** TOTP required, as the AWS admin pool (`mfa: Mfa.REQUIRED`, software tokens only). */
  mfa?: boolean;
  /** Custom attributes (without the `custom:` prefix), as the AWS pool declares them. */
  customAttributes?: SchemaAttributeType[];
  /** The pool's password rule; the hosts' (the specification's 8 characters) when absent. */
  policies?: UserPoolPolicyType;
}

/**
 * The pool (and its SPA app client) from a previous start, or a new one. A pool from a previous start gets the
 * current settings again, so a data folder made by an older version behaves like a new one.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  existing: PoolIds | undefined,
  options: UserPoolOptions,
): Promise<PoolIds> {
  const settings = {
    AutoVerifiedAttributes: ['email' as const],
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: !options.selfSignUp },
    Policies: options.policies ?? LOCAL_PASSWORD_POLICY,
  };
  if (existing) {
    try {
      const described = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      await cognito.send(
        new DescribeUserPoolClientCommand({ UserPoolId: existing.userPoolId, ClientId: existing.clientId }),
      );
      await cognito.send(new UpdateUserPoolCommand({ UserPoolId: existing.userPoolId, ...settings }));
      await cognito.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: existing.userPoolId,
          ClientId: existing.clientId,
          PreventUserExistenceErrors: 'ENABLED',
        }),
      );
      await applyMfa(cognito, existing.userPoolId, options);
      const declared = new Set(described.UserPool?.SchemaAttributes?.map((a) => a.Name));
      const missing = (options.customAttributes ?? []).filter((a) => !declared.has(`custom:${a.Name}`));
      if (missing.length > 0) {
        await cognito.send(
          new AddCustomAttributesCommand({ UserPoolId: existing.userPoolId, CustomAttributes: missing }),
        );
      }
      return existing;
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name !== 'ResourceNotFoundException') throw e;
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: options.name,
      // Sign-in by e-mail: the username is the e-mail address, whatever its letter case.
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      ...settings,
      ...(options.customAttributes ? { Schema: options.customAttributes } : {}),
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error(`cognito-local created no pool for ${options.name}`);
  await applyMfa(cognito, userPoolId, options);
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: `${options.name}-web`,
      GenerateSecret: false,
      // Locally the SPA signs in with USER_PASSWORD_AUTH (cognito-local has no SRP); in AWS the client uses SRP.
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const clientId = client.UserPoolClient?.ClientId;
  if (!clientId) throw new Error(`cognito-local created no app client for ${options.name}`);
  return { userPoolId, clientId };
}

/** The pool's MFA as in AWS (UpdateUserPool leaves it off, so it is set again on every start). */
async function applyMfa(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  options: UserPoolOptions,
) {
  if (!options.mfa) return;
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'ON',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

/**
 * The demo admin's first sign-in, as an admin does it in the SPA: an authenticator secret enrolled (`MFA_SETUP`),
 * so that `npm start` can print it beside the password. Null (and a log line) when the account cannot sign in,
 * e.g. after someone changed its password.
 */
async function enrolDemoAdmin(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  log: (line: string) => void,
): Promise<string | null> {
  try {
    return (await enrolTotp(cognito, { clientId, ...DEMO_ADMIN })).secret;
  } catch (e) {
    log(`The demo admin's TOTP could not be enrolled: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

function readState(path: string): StackState {
  if (!existsSync(path)) return { version: 1 };
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as StackState;
    return state.version === 1 ? state : { version: 1 };
  } catch {
    return { version: 1 };
  }
}

function writeState(path: string, state: StackState): void {
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
}
