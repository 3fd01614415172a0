import { CfnOutput, Duration, RemovalPolicy, Stack, type App, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { DOCUMENT_FONTS_FOLDER } from '../functions/adapters/documents/document-fonts';
import { PUBLIC_API_WRITE_PARTITIONS } from '../functions/adapters/dynamodb/keys';
import { handlerGroups, routes, type HandlerGroup } from '../functions/api/routes';
import { ApiConstruct } from './api-construct';
import { AuthConstruct } from './auth-construct';
import { CatalogueIndexConstruct } from './catalogue-index-construct';
import { GuestPagesConstruct } from './guest-pages-construct';
import { DataConstruct } from './data-construct';
import { JobsConstruct } from './jobs-construct';
import { MailOutboxConstruct } from './mail-outbox-construct';
import { AppFunction } from './lambda-function';
import { MailConstruct } from './mail-construct';
import { MonitoringConstruct } from './monitoring-construct';
import { WEBHOOK_RELAY_SOURCE, PaymentsConstruct } from './payments-construct';
import type { StageConfig } from './stage-config';
import { grantPhotoPipeline, IMAGES_PREFIX, WebConstruct } from './web-construct';
import { acknowledgeFindings } from './nag-acknowledgements';
import { EdgeWafStack, HostPoolWaf } from './waf';

/**
 * The back offices verify uploaded photos by their bytes and make the WebP variants with sharp (DESIGN §4b): their
 * functions ship sharp's linux-arm64 build beside the bundle, may touch the images bucket's `uploads/` and
 * `images/p/` (`grantPhotoPipeline`), and get a full vCPU (1,769 MB): the work is CPU-bound, about a second per
 * phone photo there, where the default 512 MB would take three or four and a form saving ten new photos would run
 * past API Gateway's 30 seconds.
 */
export const IMAGE_PROCESSING_GROUPS: ReadonlySet<HandlerGroup> = new Set(['host-api']);
const PHOTO_FUNCTION = { imageProcessing: true, memorySize: 1769, timeout: Duration.seconds(29) };

/**
 * Issue 28: the documents function makes PDFs (pdfkit loaded on the first document, the fonts beside the bundle).
 * A full vCPU's share of memory: the first document of a container parses the font files; every later one takes
 * tens of milliseconds (README, "Documents").
 */
export const DOCUMENTS_GROUP: HandlerGroup = 'documents-api';
const DOCUMENTS_FUNCTION = { documentRendering: true, memorySize: 1024 };
/** It writes only receipt records (in the booking's partition) and the lookup's rate-limit windows. */
export const DOCUMENTS_WRITE_PARTITIONS = ['BOOKING#', 'RATE_LIMIT#'] as const;

function documentsEnvironment(config: StageConfig): Record<string, string> {
  return {
    DOCUMENT_FONTS_DIR: `/var/task/${DOCUMENT_FONTS_FOLDER}`,
    ISSUER_NAME: config.documentIssuer.name,
    ISSUER_ADDRESS: config.documentIssuer.address,
    ISSUER_INVOICE_NUMBER: config.documentIssuer.invoiceRegistrationNumber,
  };
}

export interface MarketplaceStackProps extends StackProps {
  config: StageConfig;
  /** The built SPA (`web/dist`). */
  webAssetPath: string;
  /** The distribution's web ACL (CLOUDFRONT scope, from the us-east-1 `EdgeWafStack`). */
  webAclArn: string;
  /** Where the SPA loads WAF's challenge script (the web ACL's application integration URL). */
  wafIntegrationUrl: string;
}

/**
 * Table actions of a function that reads and writes entities: never `dynamodb:*`, never Scan, and no DeleteItem
 * (guests, payment events and jobs only ever change items; `BACK_OFFICE_TABLE_ACTIONS` adds it where it is used).
 */
export const TABLE_READS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'];
export const TABLE_READ_WRITE = [...TABLE_READS, ...TABLE_WRITES];
/** The back offices also delete (an experience and its links, a host's suspension, a host undone). */
/** How often the completion and reminder jobs run: a guest's reminder goes out within this of 24 h before. */
export const TOUR_JOBS_INTERVAL_MINUTES = 15;

export const BACK_OFFICE_TABLE_ACTIONS = [...TABLE_READ_WRITE, 'dynamodb:DeleteItem'];
const DELETING_GROUPS: ReadonlySet<HandlerGroup> = new Set(['host-api', 'admin-api']);
/**
 * The APIs whose use cases change guest pages (DESIGN §4e): they publish page events for the renderer. The public
 * API too: a guest's review changes the experience's rating in its HTML and JSON-LD (issue 32 item 7).
 */
export const PAGE_CHANGING_GROUPS: ReadonlySet<HandlerGroup> = new Set([
  'public-api',
  'host-api',
  'admin-api',
]);

/**
 * The product's two stacks: the web ACL in us-east-1 (CloudFront's region for WAF) and everything else in the
 * product's region, wired by a cross-region reference. `bin/app.ts` and the infra tests build them here.
 */
export function createMarketplace(
  app: App,
  props: Omit<MarketplaceStackProps, 'webAclArn' | 'wafIntegrationUrl'>,
): { stack: MarketplaceStack; edge: EdgeWafStack } {
  const { stage } = props.config;
  const edge = new EdgeWafStack(app, `Marketplace-${stage}-Edge`, {
    limits: props.config.wafLimits,
    description: `Experience marketplace (${stage}): CloudFront web ACL`,
    env: { account: props.env?.account, region: 'us-east-1' },
    terminationProtection: props.terminationProtection,
  });
  const stack = new MarketplaceStack(app, `Marketplace-${stage}`, {
    ...props,
    webAclArn: edge.webAclArn,
    wafIntegrationUrl: edge.integrationUrl,
    crossRegionReferences: true,
  });
  stack.addStackDependency(edge);
  return { stack, edge };
}

/** What the admin API may do to the host pool's users (`functions/adapters/identity/cognito-host-identity.ts`). */
export const ADMIN_API_HOST_POOL_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
];

export class MarketplaceStack extends Stack {
  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    super(scope, id, props);
    const { config } = props;
    const retainLogs = config.retainData;

    const data = new DataConstruct(this, 'Data', { retainData: config.retainData });
    const mail = new MailConstruct(this, 'Mail', {
      mailDomain: config.mailDomain,
      senderAddress: config.senderAddress,
    });
    const payments = new PaymentsConstruct(this, 'Payments', {
      retainData: config.retainData,
      stripePartnerBusName: config.stripePartnerBusName,
    });

    const common = {
      STAGE: config.stage,
      TABLE_NAME: data.table.tableName,
      PAYMENT_PROVIDER: 'stripe',
      MAIL_FROM: mail.senderAddress,
      CONCIERGE_EMAIL: config.conciergeEmail ?? `concierge@${config.mailDomain}`,
      SES_CONFIGURATION_SET: mail.configurationSet.configurationSetName,
      STRIPE_SECRET_KEY_ARN: payments.stripeSecretKey.secretArn,
    };
    /**
     * A function of the booking flow: it reads and writes the table and, only where it calls them (issue 29: each
     * role only for what its function calls), sends mail through SES (`sendsMail`: the outbox's sender and the
     * admin API's resend; everything else only writes mail items) and reads the Stripe key (`paysWithStripe`).
     */
    const bookingFunction = (
      id: string,
      entry: string,
      description: string,
      extra: Record<string, string> = {},
      {
        deletes,
        sendsMail,
        paysWithStripe,
        writablePartitions,
        ...options
      }: {
        imageProcessing?: boolean;
        documentRendering?: boolean;
        memorySize?: number;
        timeout?: Duration;
        reservedConcurrentExecutions?: number;
        deletes?: boolean;
        sendsMail: boolean;
        paysWithStripe: boolean;
        /** Writes only to partitions of these key prefixes (`dynamodb:LeadingKeys`); reads are not limited. */
        writablePartitions?: readonly string[];
      },
    ) => {
      const { STRIPE_SECRET_KEY_ARN, ...withoutStripe } = common;
      const fn = new AppFunction(this, id, {
        entry,
        description,
        environment: {
          ...(paysWithStripe ? { ...withoutStripe, STRIPE_SECRET_KEY_ARN } : withoutStripe),
          ...extra,
        },
        retainLogs,
        ...options,
      });
      if (writablePartitions) {
        data.table.grant(fn, ...TABLE_READS);
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            sid: 'WritesOwnPartitionsOnly',
            actions: TABLE_WRITES,
            resources: [data.table.tableArn],
            conditions: {
              'ForAllValues:StringLike': {
                'dynamodb:LeadingKeys': writablePartitions.map((prefix) => `${prefix}*`),
              },
            },
          }),
        );
      } else {
        data.table.grant(fn, ...(deletes ? BACK_OFFICE_TABLE_ACTIONS : TABLE_READ_WRITE));
      }
      if (sendsMail) mail.grantSend(fn);
      if (paysWithStripe) payments.stripeSecretKey.grantRead(fn);
      return fn;
    };

    // Post-confirmation trigger: creates the host profile (no mail, no Stripe).
    const postConfirmation = new AppFunction(this, 'HostPostConfirmation', {
      entry: 'functions/auth/post-confirmation.ts',
      description: 'Creates the host profile when a host confirms their e-mail',
      environment: { STAGE: config.stage, TABLE_NAME: data.table.tableName },
      timeout: Duration.seconds(5),
      retainLogs,
    });
    data.table.grant(
      postConfirmation,
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:ConditionCheckItem',
    );

    // Pre-sign-up trigger: refuses the e-mail of an existing host profile; reads one item, writes nothing.
    const preSignUp = new AppFunction(this, 'HostPreSignUp', {
      entry: 'functions/auth/pre-sign-up.ts',
      description: 'Refuses a host sign-up whose e-mail already has a host profile',
      environment: { STAGE: config.stage, TABLE_NAME: data.table.tableName },
      timeout: Duration.seconds(5),
      retainLogs,
    });
    // GetItem on the table itself: the e-mail lookup reads the uniqueness item and the host by key, no index.
    preSignUp.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [data.table.tableArn] }),
    );

    // Custom-message trigger: renders the code mails Cognito sends; it touches nothing, so it is granted nothing.
    const customMessage = new AppFunction(this, 'HostCustomMessage', {
      entry: 'functions/auth/custom-message.ts',
      description: 'Writes the Japanese sign-up, password-reset and e-mail verification code mails of hosts',
      environment: { STAGE: config.stage },
      memorySize: 256,
      timeout: Duration.seconds(5),
      retainLogs,
    });

    const auth = new AuthConstruct(this, 'Auth', {
      retainData: config.retainData,
      preSignUp,
      customMessage,
      postConfirmation,
      // Cognito's code mails to hosts leave through our SES identity (its DKIM, its sending quota), not Cognito's.
      ...(config.cognitoMailViaSes
        ? {
            hostEmail: cognito.UserPoolEmail.withSES({
              fromEmail: mail.senderAddress,
              fromName: config.siteName,
              sesRegion: this.region,
              sesVerifiedDomain: config.mailDomain,
              configurationSetName: mail.configurationSet.configurationSetName,
            }),
          }
        : {}),
    });
    new HostPoolWaf(this, 'HostPoolWaf', {
      userPoolArn: auth.hosts.pool.userPoolArn,
      limits: config.wafLimits,
    });

    // The value CloudFront sends as `x-origin-verify` with every API request; the API refuses requests without it
    // (functions/api/http/client-address.ts). Generated once; replacing it means a redeploy (CloudFront's header
    // is set from it at deploy time).
    const originSecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'Shared secret CloudFront sends to the API as x-origin-verify',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // One Lambda per handler group that has routes in AWS.
    const groupsInUse = new Set(routes.filter((r) => !r.localOnly).map((r) => r.group));
    const groupFunctions: Partial<Record<HandlerGroup, lambda.IFunction>> = {};
    const describe: Record<HandlerGroup, string> = {
      'public-api': 'Guest API: catalogue, availability, bookings, lookup',
      'host-api': 'Host back-office API',
      'admin-api': 'Admin back-office API',
      'documents-api': 'Receipts and monthly statements as PDF',
      // Never deployed: all its routes are localOnly, so groupsInUse never contains it.
      'local-api': 'Local stack only',
    };
    for (const group of groupsInUse) {
      const fn = bookingFunction(
        toId(group),
        handlerGroups[group].entry,
        describe[group],
        {
          HOST_USER_POOL_ID: auth.hosts.pool.userPoolId,
          ADMIN_USER_POOL_ID: auth.admins.pool.userPoolId,
          ORIGIN_VERIFY_SECRET_ARN: originSecret.secretArn,
          ...(group === DOCUMENTS_GROUP ? documentsEnvironment(config) : {}),
        },
        {
          ...(IMAGE_PROCESSING_GROUPS.has(group) ? PHOTO_FUNCTION : {}),
          ...(group === DOCUMENTS_GROUP ? DOCUMENTS_FUNCTION : {}),
          ...(group === 'host-api' && config.hostApiReservedConcurrency
            ? { reservedConcurrentExecutions: config.hostApiReservedConcurrency }
            : {}),
          deletes: DELETING_GROUPS.has(group),
          // Only the admin API sends mail itself (resending a failed mail); the others write outbox items.
          sendsMail: group === 'admin-api',
          // The documents function reads what was paid; it moves no money.
          paysWithStripe: group !== DOCUMENTS_GROUP,
          // Issue 29: the one API anybody can call writes only the partitions of the guest flows.
          ...(group === 'public-api' ? { writablePartitions: PUBLIC_API_WRITE_PARTITIONS } : {}),
          ...(group === DOCUMENTS_GROUP ? { writablePartitions: DOCUMENTS_WRITE_PARTITIONS } : {}),
        },
      );
      originSecret.grantRead(fn);
      groupFunctions[group] = fn;
    }

    const paymentEvents = bookingFunction(
      'PaymentEvents',
      'functions/events/payment-events.ts',
      'Acts on Stripe payment_intent events delivered by EventBridge',
      {},
      { sendsMail: false, paysWithStripe: true },
    );
    payments.deliverTo(paymentEvents);

    const webhookRelay = new AppFunction(this, 'StripeWebhookRelay', {
      entry: 'functions/api/stripe-webhook.ts',
      description: 'Verifies Stripe webhook signatures and publishes the events to the payments bus',
      environment: {
        STAGE: config.stage,
        STRIPE_WEBHOOK_SECRET_ARN: payments.webhookSigningSecret.secretArn,
        PAYMENTS_BUS_NAME: payments.relayBus.eventBusName,
        PAYMENTS_EVENT_SOURCE: WEBHOOK_RELAY_SOURCE,
      },
      memorySize: 256,
      timeout: Duration.seconds(10),
      retainLogs,
    });
    payments.webhookSigningSecret.grantRead(webhookRelay);
    payments.relayBus.grantPutEventsTo(webhookRelay);

    const expireBookings = bookingFunction(
      'ExpireBookings',
      'functions/events/expire-bookings.ts',
      'Expires lapsed holds and unanswered requests',
      {},
      { sendsMail: false, paysWithStripe: true },
    );
    // The jobs of approved tours only read and write the table (their mails go to the outbox; no money moves).
    const tourJob = (id: string, entry: string, description: string) => {
      // Two minutes: a run works in batches until 30 s are left, then hands the rest on (issue 33).
      const fn = new AppFunction(this, id, {
        entry,
        description,
        environment: common,
        retainLogs,
        timeout: Duration.minutes(2),
      });
      data.table.grant(fn, ...TABLE_READ_WRITE);
      return fn;
    };
    const completeBookings = tourJob(
      'CompleteBookings',
      'functions/events/complete-bookings.ts',
      'Marks approved tours completed after their slot',
    );
    const sendReminders = tourJob(
      'SendReminders',
      'functions/events/send-reminders.ts',
      "Reminds guests a day before their tour and sends hosts the next day's list",
    );
    const sendReviewInvites = tourJob(
      'SendReviewInvites',
      'functions/events/send-review-invites.ts',
      'Invites guests to review their completed tour, and reminds them once',
    );
    // The payout job moves money (provider payouts): the Stripe secret and the table; it sends no mail.
    const payHosts = bookingFunction(
      'PayHosts',
      'functions/events/pay-hosts.ts',
      'Makes earnings payable after the tour and pays each host what is payable',
      {},
      { timeout: Duration.minutes(15), sendsMail: false, paysWithStripe: true },
    );
    // Issue 31: the offer job releases slots and writes mails to the outbox; it builds the booking services (with the
    // payment gateway's configuration) but never calls the provider.
    const expireOffers = bookingFunction(
      'ExpireOffers',
      'functions/events/expire-offers.ts',
      "Warns guests before a concierge's offer expires and expires offers, releasing their slot",
      {},
      { timeout: Duration.minutes(2), sendsMail: false, paysWithStripe: true },
    );
    const jobs = new JobsConstruct(this, 'Jobs', {
      payHosts,
      expireOffers,
      expireBookings,
      intervalMinutes: config.expiryIntervalMinutes,
      completeBookings,
      sendReminders,
      sendReviewInvites,
      tourJobsIntervalMinutes: TOUR_JOBS_INTERVAL_MINUTES,
    });

    const sendMails = bookingFunction(
      'SendMails',
      'functions/events/send-mails.ts',
      'Delivers the mail outbox (table stream and retry schedule)',
      {},
      { sendsMail: true, paysWithStripe: false },
    );
    const mailOutbox = new MailOutboxConstruct(this, 'MailOutbox', {
      table: data.table,
      sender: sendMails,
    });

    const api = new ApiConstruct(this, 'Api', {
      functions: groupFunctions,
      ...(config.apiDomain ? { customDomain: config.apiDomain } : {}),
      throttles: config.apiThrottles,
      hosts: auth.hosts,
      admins: auth.admins,
      extraRoutes: [
        { method: apigw.HttpMethod.POST, path: '/api/payments/stripe-webhook', fn: webhookRelay },
      ],
    });

    const web = new WebConstruct(this, 'Web', {
      retainData: config.retainData,
      apiOriginDomain: api.originDomain,
      // A dynamic reference, resolved by CloudFormation at deploy time: the value is not in the template.
      apiOriginSecret: originSecret.secretValue.unsafeUnwrap(),
      webAclArn: props.webAclArn,
      webAssetPath: props.webAssetPath,
      // The shape of web/src/lib/config.ts (`appConfigSchema`); the infra tests parse the staged file with it.
      runtimeConfig: (siteUrl) => ({
        stage: config.stage,
        apiBaseUrl: '/api',
        region: this.region,
        siteName: config.siteName,
        baseUrl: siteUrl,
        cognito: {
          endpoint: null,
          hostPool: { userPoolId: auth.hosts.pool.userPoolId, clientId: auth.hosts.client.userPoolClientId },
          adminPool: {
            userPoolId: auth.admins.pool.userPoolId,
            clientId: auth.admins.client.userPoolClientId,
          },
        },
        payments: { provider: 'stripe', publishableKey: config.stripePublishableKey ?? null },
        mapsApiKey: config.mapsApiKey ?? null,
        links: config.links,
        ehimeVideoUrl: config.ehimeVideoUrl,
        analytics: config.analytics,
        // Issue 29: the SPA solves WAF's challenge with this script before it holds a slot or looks a booking up.
        wafIntegrationUrl: props.wafIntegrationUrl,
      }),
      analytics: config.analytics.enabled,
    });
    const siteUrl = web.siteUrl;
    const guestPages = new GuestPagesConstruct(this, 'GuestPages', {
      table: data.table,
      bus: payments.relayBus,
      siteBucket: web.siteBucket,
      siteUrl,
      pageKeys: web.pageKeys,
      webAssetPath: props.webAssetPath,
      renderAfter: [...web.deployments, web.distribution],
      retainLogs,
      stage: config.stage,
    });
    // The back offices announce page changes (a publish, an edit, a suspension) on our bus, scoped to it.
    for (const group of PAGE_CHANGING_GROUPS) {
      const fn = groupFunctions[group] as AppFunction | undefined;
      if (!fn) continue;
      fn.addEnvironment('PAGE_EVENT_BUS', payments.relayBus.eventBusName);
      payments.relayBus.grantPutEventsTo(fn);
    }
    for (const fn of [
      ...Object.values(groupFunctions),
      paymentEvents,
      expireBookings,
      expireOffers,
      completeBookings,
      sendReminders,
      sendReviewInvites,
      sendMails,
    ]) {
      const f = fn as AppFunction;
      f.addEnvironment('SITE_URL', siteUrl);
      f.addEnvironment('IMAGES_BUCKET', web.imagesBucket.bucketName);
      f.addEnvironment('IMAGES_PREFIX', IMAGES_PREFIX);
    }
    // Issue 33: the search index snapshot's bucket and job; the public API's cold start loads it.
    const catalogueIndex = new CatalogueIndexConstruct(this, 'CatalogueIndex', {
      table: data.table,
      retainData: config.retainData,
      retainLogs,
      logsBucket: web.logsBucket,
      deadLetterQueue: jobs.deadLetterQueue,
      environment: { STAGE: config.stage, TABLE_NAME: data.table.tableName },
    });
    const publicApi = groupFunctions['public-api'] as AppFunction | undefined;
    if (publicApi) catalogueIndex.grantRead(publicApi);
    // Only the host API touches photos (the admin API shows their URLs); see grantPhotoPipeline.
    for (const group of IMAGE_PROCESSING_GROUPS) {
      const fn = groupFunctions[group];
      if (fn) grantPhotoPipeline(web.imagesBucket, fn);
    }
    // The admin API creates host accounts (both or neither: the user is deleted again when the profile fails) and
    // suspends and reinstates them; nothing else of the host pool, and nothing of the admin pool.
    const adminApi = groupFunctions['admin-api'];
    if (adminApi) auth.hosts.pool.grant(adminApi, ...ADMIN_API_HOST_POOL_ACTIONS);

    const monitoring = new MonitoringConstruct(this, 'Monitoring', {
      api: api.api,
      functions: {
        ...Object.fromEntries(
          Object.entries(groupFunctions).map(([g, fn]) => [toId(g), fn as lambda.IFunction]),
        ),
        PaymentEvents: paymentEvents,
        StripeWebhookRelay: webhookRelay,
        ExpireBookings: expireBookings,
        ExpireOffers: expireOffers,
        CompleteBookings: completeBookings,
        SendReminders: sendReminders,
        SendReviewInvites: sendReviewInvites,
        SendMails: sendMails,
        SnapshotCatalogueIndex: catalogueIndex.job,
        RenderGuestPages: guestPages.renderer,
        HostPreSignUp: preSignUp,
        HostCustomMessage: customMessage,
        HostPostConfirmation: postConfirmation,
      },
      jobs: {
        CompleteBookings: 'Completion job',
        SendReminders: 'Reminder job',
        SendReviewInvites: 'Review invitation job',
        PayHosts: 'Payout job',
        ExpireOffers: 'Offer expiry job',
      },
      deadLetterQueues: {
        PaymentEventsDlq: payments.deadLetterQueue,
        JobsDlq: jobs.deadLetterQueue,
        MailStreamDlq: mailOutbox.deadLetterQueue,
        GuestPagesDlq: guestPages.deadLetterQueue,
      },
      alarmEmail: config.alarmEmail,
      failedMails: mailOutbox.failedMails,
    });

    const ourFunctions = [
      ...Object.values(groupFunctions),
      paymentEvents,
      webhookRelay,
      expireBookings,
      expireOffers,
      payHosts,
      completeBookings,
      sendReminders,
      sendReviewInvites,
      sendMails,
      catalogueIndex.job,
      guestPages.renderer,
      preSignUp,
      customMessage,
      postConfirmation,
    ];
    acknowledgeFindings(this, {
      functions: ourFunctions,
      tableFunctions: [
        ...Object.values(groupFunctions),
        paymentEvents,
        expireBookings,
        expireOffers,
        payHosts,
        completeBookings,
        sendReminders,
        sendReviewInvites,
        sendMails,
        postConfirmation,
        guestPages.renderer,
      ],
      secrets: [payments.stripeSecretKey, payments.webhookSigningSecret],
      originSecret,
      deadLetterQueues: [
        payments.deadLetterQueue,
        jobs.deadLetterQueue,
        mailOutbox.deadLetterQueue,
        guestPages.deadLetterQueue,
      ],
      userPools: [auth.hosts.pool, auth.admins.pool],
      api: api.api,
      distribution: web.distribution,
      photoFunctions: [...IMAGE_PROCESSING_GROUPS].flatMap((g) => groupFunctions[g] ?? []),
      imagesBucket: web.imagesBucket,
      pageRenderer: guestPages.renderer,
      siteBucket: web.siteBucket,
      catalogueIndexJob: catalogueIndex.job,
    });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SiteUrl', siteUrl, 'Open this URL: the SPA, /api and /images');
    output('ApiOrigin', api.originDomain, 'Where CloudFront forwards /api/* (only CloudFront is let in)');
    if (api.domain) {
      output(
        'ApiDomainTarget',
        api.domain.regionalDomainName,
        `Point the DNS record of ${config.apiDomain?.name ?? 'the API domain'} (CNAME or alias) here`,
      );
    }
    output('TableName', data.table.tableName, 'DynamoDB table');
    output('HostUserPoolId', auth.hosts.pool.userPoolId, 'Cognito pool of hosts');
    output('HostUserPoolClientId', auth.hosts.client.userPoolClientId, 'App client of the host pool');
    output(
      'AdminUserPoolId',
      auth.admins.pool.userPoolId,
      'Cognito pool of admins (scripts/create-admin.ts)',
    );
    output('AdminUserPoolClientId', auth.admins.client.userPoolClientId, 'App client of the admin pool');
    output('ImagesBucketName', web.imagesBucket.bucketName, 'Images bucket (served under /images)');
    output('StripeSecretKeyArn', payments.stripeSecretKey.secretArn, 'Put the Stripe secret key here');
    output(
      'StripeWebhookSecretArn',
      payments.webhookSigningSecret.secretArn,
      'Put the webhook signing secret here',
    );
    output(
      'StripeWebhookUrl',
      `${siteUrl}/api/payments/stripe-webhook`,
      'Register in Stripe unless using EventBridge',
    );
    output('PaymentsBusName', payments.relayBus.eventBusName, 'Bus the webhook relay publishes to');
    output('AlarmTopicArn', monitoring.topic.topicArn, 'SNS topic of the alarms (subscribe on-call)');
  }
}

const toId = (group: string) =>
  group
    .split('-')
    .map((part) => (part === 'api' ? 'Api' : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
