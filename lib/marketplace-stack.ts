import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { handlerGroups, routes, type HandlerGroup } from '../functions/api/routes';
import { ApiConstruct } from './api-construct';
import { AuthConstruct } from './auth-construct';
import { DataConstruct } from './data-construct';
import { JobsConstruct } from './jobs-construct';
import { AppFunction } from './lambda-function';
import { MailConstruct } from './mail-construct';
import { MonitoringConstruct } from './monitoring-construct';
import { WEBHOOK_RELAY_SOURCE, PaymentsConstruct } from './payments-construct';
import type { StageConfig } from './stage-config';
import { IMAGES_PREFIX, WebConstruct } from './web-construct';
import { acknowledgeFindings } from './nag-acknowledgements';

export interface MarketplaceStackProps extends StackProps {
  config: StageConfig;
  /** The built SPA (`web/dist`). */
  webAssetPath: string;
}

/** Table actions a function that reads and writes entities needs; never `dynamodb:*`, never Scan. */
const TABLE_READ_WRITE = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
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
      SES_CONFIGURATION_SET: mail.configurationSet.configurationSetName,
      STRIPE_SECRET_KEY_ARN: payments.stripeSecretKey.secretArn,
    };
    /** A function that reads and writes the table, mails guests and hosts, and talks to Stripe. */
    const bookingFunction = (
      id: string,
      entry: string,
      description: string,
      extra: Record<string, string> = {},
    ) => {
      const fn = new AppFunction(this, id, {
        entry,
        description,
        environment: { ...common, ...extra },
        retainLogs,
      });
      data.table.grant(fn, ...TABLE_READ_WRITE);
      mail.grantSend(fn);
      payments.stripeSecretKey.grantRead(fn);
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

    const auth = new AuthConstruct(this, 'Auth', { retainData: config.retainData, postConfirmation });

    // One Lambda per handler group that has routes in AWS.
    const groupsInUse = new Set(routes.filter((r) => !r.localOnly).map((r) => r.group));
    const groupFunctions: Partial<Record<HandlerGroup, lambda.IFunction>> = {};
    const describe: Record<HandlerGroup, string> = {
      'public-api': 'Guest API: catalogue, availability, bookings, lookup',
      'host-api': 'Host back-office API',
      'admin-api': 'Admin back-office API',
      // Never deployed: all its routes are localOnly, so groupsInUse never contains it.
      'local-api': 'Local stack only',
    };
    for (const group of groupsInUse) {
      groupFunctions[group] = bookingFunction(toId(group), handlerGroups[group].entry, describe[group], {
        HOST_USER_POOL_ID: auth.hosts.pool.userPoolId,
        ADMIN_USER_POOL_ID: auth.admins.pool.userPoolId,
      });
    }

    const paymentEvents = bookingFunction(
      'PaymentEvents',
      'functions/events/payment-events.ts',
      'Acts on Stripe payment_intent events delivered by EventBridge',
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
    );
    const jobs = new JobsConstruct(this, 'Jobs', {
      expireBookings,
      intervalMinutes: config.expiryIntervalMinutes,
    });

    const api = new ApiConstruct(this, 'Api', {
      functions: groupFunctions,
      hosts: auth.hosts,
      admins: auth.admins,
      extraRoutes: [
        { method: apigw.HttpMethod.POST, path: '/api/payments/stripe-webhook', fn: webhookRelay },
      ],
    });

    const web = new WebConstruct(this, 'Web', {
      retainData: config.retainData,
      apiOriginDomain: api.originDomain,
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
      }),
      analytics: config.analytics.enabled,
    });
    const siteUrl = web.siteUrl;
    for (const fn of [...Object.values(groupFunctions), paymentEvents, expireBookings]) {
      const f = fn as AppFunction;
      f.addEnvironment('SITE_URL', siteUrl);
      f.addEnvironment('IMAGES_BUCKET', web.imagesBucket.bucketName);
      f.addEnvironment('IMAGES_PREFIX', IMAGES_PREFIX);
    }
    for (const group of ['host-api', 'admin-api'] as const) {
      const fn = groupFunctions[group];
      if (fn) web.imagesBucket.grantReadWrite(fn, `${IMAGES_PREFIX}*`);
    }

    const monitoring = new MonitoringConstruct(this, 'Monitoring', {
      api: api.api,
      functions: {
        ...Object.fromEntries(
          Object.entries(groupFunctions).map(([g, fn]) => [toId(g), fn as lambda.IFunction]),
        ),
        PaymentEvents: paymentEvents,
        StripeWebhookRelay: webhookRelay,
        ExpireBookings: expireBookings,
        HostPostConfirmation: postConfirmation,
      },
      deadLetterQueues: { PaymentEventsDlq: payments.deadLetterQueue, JobsDlq: jobs.deadLetterQueue },
      alarmEmail: config.alarmEmail,
    });

    const ourFunctions = [
      ...Object.values(groupFunctions),
      paymentEvents,
      webhookRelay,
      expireBookings,
      postConfirmation,
    ];
    acknowledgeFindings(this, {
      functions: ourFunctions,
      tableFunctions: [...Object.values(groupFunctions), paymentEvents, expireBookings, postConfirmation],
      secrets: [payments.stripeSecretKey, payments.webhookSigningSecret],
      deadLetterQueues: [payments.deadLetterQueue, jobs.deadLetterQueue],
      userPools: [auth.hosts.pool, auth.admins.pool],
      api: api.api,
      distribution: web.distribution,
    });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('SiteUrl', siteUrl, 'Open this URL: the SPA, /api and /images');
    output('ApiEndpoint', api.api.apiEndpoint, 'HTTP API (CloudFront forwards /api/* here)');
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
