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
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../functions/adapters/dynamodb/repositories';
import { createPaymentGateway } from '../../functions/adapters/payments/create-payment-gateway';
import { resetRuntimeAdapters, runtimeAdapters } from '../../functions/adapters/runtime/adapters';
import {
  configureLocalRuntime,
  guestRuntime,
  resetGuestRuntime,
} from '../../functions/adapters/runtime/guest-runtime';
import type { PaymentIntentView } from '../../functions/use-cases/ports';
import { handler as paymentEventsHandler } from '../../functions/events/payment-events';
import { deliverMails } from '../../functions/events/send-mails';
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
import type { SeedSummary } from '../seed/seed';
import { startCognitoLocal, type CognitoLocal } from './cognito-local';
import { hostPoolTriggers, TRIGGER_FUNCTIONS } from './cognito-triggers';
import { InProcessEventBus } from './event-bus';
import { createLocalClock, type LocalClock } from './local-clock';
import {
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
import { LOCAL_SITE_BUCKET, startLocalGuestPages, type LocalGuestPages } from './guest-pages';
import { startLocalServer, type LambdaHandler, type LocalServer } from './server';
import { startSesLocal, type SesLocal } from './ses-local';
import { prepareTable, seedOnStart } from './stack-data';
import { startLocalJobs, type LocalJobIntervals, type LocalJobs } from './stack-jobs';
import {
  configureHandlerEnvironment,
  DEFAULT_DATA_DIR,
  DEFAULT_WEB_ROOT,
  LOCAL_GUEST_SETTINGS,
  LOCAL_IMAGES_BUCKET,
  LOCAL_MAIL_FROM,
  LOCAL_TABLE_NAME,
  readState,
  REPO_ROOT,
  SITE_NAME,
  writeState,
  type LocalStackConfig,
} from './stack-settings';
import { createUploadEndpoint } from './upload-endpoint';
import {
  enrolDemoAdmin,
  ensureUserPool,
  HOST_POOL_CUSTOM_ATTRIBUTES,
  LOCAL_ADMIN_PASSWORD_POLICY,
} from './user-pools';

// What callers import from here: the stack's settings and the pools' setup live in their own files.
export {
  DEFAULT_DATA_DIR,
  DEFAULT_WEB_ROOT,
  LOCAL_GUEST_SETTINGS,
  LOCAL_IMAGES_BUCKET,
  LOCAL_MAIL_FROM,
  LOCAL_TABLE_NAME,
  localPaymentStorePath,
  REPO_ROOT,
  SITE_NAME,
  type LocalStackConfig,
  type PoolIds,
} from './stack-settings';
export {
  ensureUserPool,
  HOST_POOL_CUSTOM_ATTRIBUTES,
  LOCAL_ADMIN_PASSWORD_POLICY,
  type UserPoolOptions,
} from './user-pools';
export type { LocalJobs } from './stack-jobs';

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
  jobs: LocalJobs;
  /** The payment gateway the handlers use (the local one), to read an intent's real status. */
  payments: { retrieve(paymentIntentId: string): Promise<PaymentIntentView> };
  /** The JWT authorizers the local server applies to `/api/host/*` and `/api/admin/*` routes. */
  authorizer: JwtAuthorizer<'host' | 'admin'>;
  /** The guest-page renderer, when started with `guestPages`. */
  guestPages: LocalGuestPages | null;
  /** Stops the server and every emulator (including the Java child); resolves when all have exited. */
  stop(): Promise<void>;
}

export interface StartLocalStackOptions extends LocalJobIntervals {
  dataDir?: string;
  /** The public port; 0 or absent picks a free one. */
  port?: number;
  /** Seed on the first start (default true). */
  seed?: boolean;
  webRoot?: string;
  log?: (line: string) => void;
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
  /** URLs per sitemap file of the guest pages (tests pass a small one to see the index split). */
  sitemapUrlLimit?: number;
  /**
   * Play CloudFront's origin check: requests must carry `x-origin-verify: <originSecret>`, and their
   * `CloudFront-Viewer-Address` is then the client (tests of IPv6 clients, which loopback cannot give many of).
   */
  originSecret?: string;
  /**
   * The handlers' DynamoDB per-call bound in ms instead of `CALL_LIMITS.dynamodb`'s 2 s: only the crowd test of a
   * full slot (`full-slot.int.test.ts`), whose 100 concurrent bookings queue behind DynamoDB Local on a busy machine.
   */
  dynamodbRequestTimeoutMs?: number;
  /** The local server's Lambda timeout in ms (default 30 s), for the same crowd test. */
  handlerTimeoutMs?: number;
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
    await prepareTable(dynamoClient, withDoc, state, log);

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
    process.env.DYNAMODB_REQUEST_TIMEOUT_MS = String(options.dynamodbRequestTimeoutMs ?? '');

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
        // The renderer reads the local table straight (issue 33), through the stack's own repositories.
        repositories: () => runtimeAdapters().repositories,
        ...(options.sitemapUrlLimit ? { sitemapUrlLimit: options.sitemapUrlLimit } : {}),
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
    const scheduled = startLocalJobs(options, log);
    stops.push(() => scheduled.stop());

    const seeded = await seedOnStart({
      options,
      state,
      statePath,
      withDoc,
      cognito: cognitoClient,
      s3: s3Client,
      log,
    });
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
      ...(options.handlerTimeoutMs ? { handlerTimeoutMs: options.handlerTimeoutMs } : {}),
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
      jobs: scheduled.jobs,
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

async function loadHandlerModule(group: HandlerGroup): Promise<LambdaHandler> {
  const entry = join(REPO_ROOT, handlerGroups[group].entry);
  const mod = (await import(pathToFileURL(entry).href)) as { handler?: LambdaHandler };
  if (typeof mod.handler !== 'function') throw new Error(`${handlerGroups[group].entry} exports no handler`);
  return mod.handler;
}
