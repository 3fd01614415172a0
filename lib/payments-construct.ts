import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** `source` of the events the webhook relay publishes to our own bus. */
export const WEBHOOK_RELAY_SOURCE = 'marketplace.stripe-webhook';

/** The Stripe events the payment-events function acts on. */
export const PAYMENT_EVENT_TYPES = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'payment_intent.succeeded',
  // A refund of a cancelled booking (DESIGN §4c): confirms a refund whose outcome was not recorded.
  'charge.refunded',
  // A refund answered `pending` that succeeded or failed later.
  'charge.refund.updated',
  // Paying hosts (DESIGN §4g): connected accounts (Connect events), their payouts, disputes of charges.
  'account.updated',
  'payout.paid',
  'payout.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
];

export interface PaymentsConstructProps {
  retainData: boolean;
  stripePartnerBusName?: string;
}

/**
 * Stripe's secrets (created with a placeholder, filled by the operator), the bus Stripe events arrive on, and the
 * rule that delivers them to the payment-events function with retries and a dead-letter queue.
 */
export class PaymentsConstruct extends Construct {
  readonly stripeSecretKey: secretsmanager.Secret;
  readonly webhookSigningSecret: secretsmanager.Secret;
  /** Our own bus: the webhook relay publishes Stripe events here. */
  readonly relayBus: events.EventBus;
  readonly deadLetterQueue: sqs.Queue;
  private readonly partnerBus?: events.IEventBus;

  constructor(scope: Construct, id: string, props: PaymentsConstructProps) {
    super(scope, id);
    const removalPolicy = props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const placeholder = (description: string, name: string) =>
      new secretsmanager.Secret(this, name, {
        description: `${description} Filled by the operator (see README); 'unset' until then.`,
        // Not a secret: a marker the functions recognise as "not configured yet".
        secretStringValue: SecretValue.unsafePlainText('unset'),
        removalPolicy,
      });
    this.stripeSecretKey = placeholder('Stripe secret API key (sk_live_… or sk_test_…).', 'StripeSecretKey');
    this.webhookSigningSecret = placeholder(
      'Stripe webhook signing secret (whsec_…).',
      'StripeWebhookSecret',
    );

    this.relayBus = new events.EventBus(this, 'PaymentsBus', {
      description: 'Stripe events relayed from the webhook',
    });
    this.deadLetterQueue = new sqs.Queue(this, 'PaymentEventsDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    if (props.stripePartnerBusName) {
      this.partnerBus = events.EventBus.fromEventBusName(
        this,
        'StripePartnerBus',
        props.stripePartnerBusName,
      );
    }
  }

  /** Delivers payment_intent events from the relay bus (and the Stripe partner bus when configured) to `fn`. */
  deliverTo(fn: lambda.IFunction): void {
    const target = new targets.LambdaFunction(fn, {
      deadLetterQueue: this.deadLetterQueue,
      retryAttempts: 8,
      maxEventAge: Duration.hours(6),
    });
    new events.Rule(this, 'RelayedPaymentEvents', {
      eventBus: this.relayBus,
      description: 'Stripe payment_intent events relayed by the webhook endpoint',
      eventPattern: { source: [WEBHOOK_RELAY_SOURCE], detailType: PAYMENT_EVENT_TYPES },
      targets: [target],
    });
    if (this.partnerBus) {
      new events.Rule(this, 'PartnerPaymentEvents', {
        eventBus: this.partnerBus,
        description: "Stripe payment_intent events from Stripe's EventBridge destination",
        eventPattern: {
          source: events.Match.prefix('aws.partner/stripe.com'),
          detailType: PAYMENT_EVENT_TYPES,
        },
        targets: [target],
      });
    }
  }
}
