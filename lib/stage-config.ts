/**
 * What differs between stages, read once from CDK context (`-c stage=dev|prod` and the keys below), so the
 * constructs never read context or the environment themselves.
 */
export type Stage = 'dev' | 'prod';

export interface StageConfig {
  stage: Stage;
  /** The product's name in page titles and mails. */
  siteName: string;
  /** Production keeps data: RETAIN, deletion protection, versioned buckets. */
  retainData: boolean;
  /** Domain of the SES identity mails are sent from (verified by the operator). */
  mailDomain: string;
  /** `From` address of every mail, within `mailDomain`. */
  senderAddress: string;
  /** Name of the Stripe partner event bus (`aws.partner/stripe.com/…`) once associated; webhook relay otherwise. */
  stripePartnerBusName?: string;
  /** Where alarm notifications go; no subscription when absent. */
  alarmEmail?: string;
  /** Google Maps browser key (restricted by HTTP referrer in the Google console); shown to browsers anyway. */
  mapsApiKey?: string;
  /** Stripe publishable key (public by design). */
  stripePublishableKey?: string;
  /** Schedule of the expiry job, in minutes. */
  expiryIntervalMinutes: number;
}

type ContextReader = (key: string) => unknown;

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

export function readStageConfig(tryGetContext: ContextReader): StageConfig {
  const stage = tryGetContext('stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') {
    throw new Error(`Unknown stage "${String(stage)}": use -c stage=dev or -c stage=prod`);
  }
  const mailDomain = optionalString(tryGetContext('mailDomain')) ?? 'example.com';
  return {
    stage,
    retainData: stage === 'prod',
    siteName: optionalString(tryGetContext('siteName')) ?? 'Ehime Experiences',
    mailDomain,
    senderAddress: optionalString(tryGetContext('senderAddress')) ?? `no-reply@${mailDomain}`,
    stripePartnerBusName: optionalString(tryGetContext('stripePartnerBusName')),
    alarmEmail: optionalString(tryGetContext('alarmEmail')),
    mapsApiKey: optionalString(tryGetContext('mapsApiKey')),
    stripePublishableKey: optionalString(tryGetContext('stripePublishableKey')),
    expiryIntervalMinutes: Number(tryGetContext('expiryIntervalMinutes') ?? 5),
  };
}
