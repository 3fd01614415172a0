/**
 * What differs between stages, read once from CDK context (`-c stage=dev|prod` and the keys below), so the
 * constructs never read context or the environment themselves.
 */
import { SAMPLE_DOCUMENT_ISSUER } from '../functions/domain/document-issuer';
import {
  invoiceRegistrantKinds,
  invoiceRegistrationProblem,
  normaliseInvoiceRegistrationNumber,
  type InvoiceRegistrantKind,
} from '../functions/domain/invoice-registration';
import type { DocumentIssuer } from '../functions/domain/receipt-document';
import { DEFAULT_WAF_LIMITS, type WafLimits } from './waf';

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
  /** Issue 31: where the concierge desk's notices go (new inquiries, guests' answers); `concierge@<mailDomain>` if unset. */
  conciergeEmail?: string;
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
  /** Links out of the site the guest pages show (`config.json`); a `null` one is not shown. */
  links: {
    messenger: string | null;
    contactForm: string | null;
    companySite: string | null;
    instagram: string | null;
    facebook: string | null;
  };
  /** The YouTube video of /ehime's video section; the section is left out without one. */
  ehimeVideoUrl: string | null;
  /** Google Tag Manager for the specification's analytics events; on only with a container id. */
  analytics: { enabled: boolean; gtmContainerId: string | null };
  /**
   * Reserved concurrency of the host API (`hostApiReservedConcurrency`, default 10; 0 for none): a burst of photo
   * work cannot take the account's whole concurrency from the guest API. An account still on Lambda's starting
   * quota of 10 must raise it first (or set 0), as Lambda keeps 10 unreserved.
   */
  hostApiReservedConcurrency: number | undefined;
  /** Per-IP ceilings of the web ACLs (`wafLimits`, partial JSON over `DEFAULT_WAF_LIMITS`). */
  wafLimits: WafLimits;
  /**
   * The API's own domain (`apiDomainName`, `apiCertificateArn`: an ACM certificate in the stack's region), so the
   * execute-api endpoint can be disabled. Required in prod; dev without it keeps execute-api (the origin secret
   * still refuses direct calls).
   */
  apiDomain: { name: string; certificateArn: string } | undefined;
  /**
   * Cognito sends the host pool's mails through our SES identity (`cognitoMailViaSes`, default on). Cognito refuses
   * an identity SES has not verified yet, so the very first deploy of an account sets it off, and the next deploy
   * (once the DKIM records are in and SES says "Verified") turns it on.
   */
  cognitoMailViaSes: boolean;
  /**
   * The platform as the issuer of receipts and statements (issue 28): `issuerName`, `issuerAddress`,
   * `issuerInvoiceNumber` (`T` + 13 digits; a corporation's, checked with the corporate number's check digit, unless
   * `issuerRegistrant` is `individual`). Required in prod; dev prints a sample.
   */
  documentIssuer: DocumentIssuer;
  /** The API's throttles (`API_THROTTLES`). */
  apiThrottles: ApiThrottles;
}

/** One token bucket of API Gateway: requests a second on average, and how many at once. */
export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * The HTTP API's throttles (issue 33, DESIGN §4i), sized from the expected peak: 200 booking requests a second on
 * one popular experience, 50,000 experiences, 5,000 hosts. The arithmetic is in the README ("Growing (issue 33)").
 * Each route has a bucket of its own (API Gateway's route settings), so a flood of one kind never takes another
 * route's share.
 */
export interface ApiThrottles {
  /** Every route without a bucket below: mainly catalogue reads CloudFront did not have (a minute's misses). */
  defaultRoute: Throttle;
  /** Routes of their own, by route key (`POST /api/bookings`). */
  routes: Record<string, Throttle>;
  /** Each route of the host back office (`/api/host/*`, JWT of the host pool). */
  hostRoute: Throttle;
  /** Each route of the admin back office (`/api/admin/*`). */
  adminRoute: Throttle;
}

/** A lookup-like route a guest uses once or twice per booking: far above honest use, far below a script's pace. */
const PER_GUEST_ACTION: Throttle = { rateLimit: 20, burstLimit: 40 };
/** One call per successful hold (paid, released, its Stripe events): winners are a fraction of the attempts. */
const PER_HOLD: Throttle = { rateLimit: 100, burstLimit: 200 };

export const API_THROTTLES: ApiThrottles = {
  defaultRoute: { rateLimit: 500, burstLimit: 1000 },
  routes: {
    // The peak, 200 a second, with room for a second popular experience at the same time; the burst is two
    // seconds of it, so a crowd arriving at one instant gets its 201s and 409s rather than 429s.
    'POST /api/bookings': { rateLimit: 250, burstLimit: 500 },
    // Live, never cached: the calendar of everyone looking at the popular page (about 5 reads per attempt).
    'GET /api/experiences/{id}/availability': { rateLimit: 1000, burstLimit: 2000 },
    'POST /api/bookings/{id}/payment-confirmed': PER_HOLD,
    'POST /api/bookings/{id}/release': PER_HOLD,
    'POST /api/payments/stripe-webhook': PER_HOLD,
    'POST /api/bookings/lookup': PER_GUEST_ACTION,
    'POST /api/bookings/receipt': PER_GUEST_ACTION,
    'POST /api/bookings/cancel': PER_GUEST_ACTION,
    'POST /api/bookings/cancel-code': PER_GUEST_ACTION,
    'POST /api/reviews/{token}': PER_GUEST_ACTION,
  },
  // 5,000 hosts, a fifth of them in the back office at the busiest hour, a request every 10 s each.
  hostRoute: { rateLimit: 100, burstLimit: 200 },
  // A handful of staff.
  adminRoute: { rateLimit: 20, burstLimit: 40 },
};

type ContextReader = (key: string) => unknown;

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * A link of the deployment: a `https:` page (or, for the contact form, a `mailto:` address), checked at synth so a
 * typo fails the deploy rather than reaching guests as a dead or unsafe link.
 */
function linkFromContext(tryGetContext: ContextReader, key: string, allowMail = false): string | null {
  const value = optionalString(tryGetContext(key));
  if (value === undefined) return null;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const ok =
    (url?.protocol === 'https:' && url.hostname !== '') ||
    (allowMail && url?.protocol === 'mailto:' && url.pathname !== '');
  if (!ok) {
    throw new Error(
      `Context "${key}" must be a https:// URL${allowMail ? ' or a mailto: address' : ''}, not "${value}"`,
    );
  }
  return value;
}

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
    conciergeEmail: optionalString(tryGetContext('conciergeEmail')) ?? `concierge@${mailDomain}`,
    stripePartnerBusName: optionalString(tryGetContext('stripePartnerBusName')),
    alarmEmail: optionalString(tryGetContext('alarmEmail')),
    mapsApiKey: optionalString(tryGetContext('mapsApiKey')),
    stripePublishableKey: optionalString(tryGetContext('stripePublishableKey')),
    expiryIntervalMinutes: Number(tryGetContext('expiryIntervalMinutes') ?? 5),
    links: {
      messenger: linkFromContext(tryGetContext, 'conciergeMessengerUrl'),
      contactForm: linkFromContext(tryGetContext, 'contactFormUrl', true),
      companySite: linkFromContext(tryGetContext, 'companySiteUrl'),
      instagram: linkFromContext(tryGetContext, 'instagramUrl'),
      facebook: linkFromContext(tryGetContext, 'facebookUrl'),
    },
    ehimeVideoUrl: linkFromContext(tryGetContext, 'ehimeVideoUrl'),
    analytics: analyticsFromContext(optionalString(tryGetContext('gtmContainerId'))),
    hostApiReservedConcurrency: reservedConcurrencyFromContext(tryGetContext('hostApiReservedConcurrency')),
    wafLimits: wafLimitsFromContext(tryGetContext('wafLimits')),
    apiDomain: apiDomainFromContext(stage, tryGetContext),
    cognitoMailViaSes: String(tryGetContext('cognitoMailViaSes') ?? 'true') !== 'false',
    documentIssuer: documentIssuerFromContext(stage, tryGetContext),
    apiThrottles: API_THROTTLES,
  };
}

function documentIssuerFromContext(stage: Stage, tryGetContext: ContextReader): DocumentIssuer {
  const name = optionalString(tryGetContext('issuerName'));
  const address = optionalString(tryGetContext('issuerAddress'));
  const rawNumber = optionalString(tryGetContext('issuerInvoiceNumber'));
  if (!name && !address && !rawNumber) {
    if (stage === 'prod') {
      throw new Error(
        'Context "issuerName", "issuerAddress" and "issuerInvoiceNumber" are required in prod: receipts and statements print them (a sample number on a real receipt would be a false invoice)',
      );
    }
    return SAMPLE_DOCUMENT_ISSUER;
  }
  if (!name || !address || !rawNumber) {
    throw new Error('Context "issuerName", "issuerAddress" and "issuerInvoiceNumber" go together');
  }
  const kind = (optionalString(tryGetContext('issuerRegistrant')) ?? 'corporation') as InvoiceRegistrantKind;
  if (!invoiceRegistrantKinds.includes(kind)) {
    throw new Error(`Context "issuerRegistrant" must be corporation or individual, not "${kind}"`);
  }
  const number = normaliseInvoiceRegistrationNumber(rawNumber);
  const problem = invoiceRegistrationProblem(number, kind);
  if (problem) throw new Error(`Context "issuerInvoiceNumber" (${rawNumber}): ${problem}`);
  return { name, address, invoiceRegistrationNumber: number };
}

function apiDomainFromContext(stage: Stage, tryGetContext: ContextReader): StageConfig['apiDomain'] {
  const name = optionalString(tryGetContext('apiDomainName'));
  const certificateArn = optionalString(tryGetContext('apiCertificateArn'));
  if (name && certificateArn) return { name, certificateArn };
  if (name || certificateArn || stage === 'prod') {
    throw new Error(
      'Context "apiDomainName" and "apiCertificateArn" go together (and prod needs both): the API\'s own domain, so that its execute-api endpoint is disabled',
    );
  }
  return undefined;
}

function reservedConcurrencyFromContext(value: unknown): number | undefined {
  const n = Number(value ?? 10);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(
      `Context "hostApiReservedConcurrency" must be a whole number ≥ 0, not "${String(value)}"`,
    );
  }
  return n === 0 ? undefined : n;
}

function wafLimitsFromContext(value: unknown): WafLimits {
  if (value === undefined) return DEFAULT_WAF_LIMITS;
  const given: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const limits = { ...DEFAULT_WAF_LIMITS, ...(given as Partial<WafLimits>) };
  for (const [name, limit] of Object.entries(limits)) {
    // WAF's rate rules count from 10 up to 2 billion per window.
    if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) {
      throw new Error(`Context "wafLimits.${name}" must be a whole number from 10, not "${String(limit)}"`);
    }
  }
  return limits;
}

function analyticsFromContext(gtmContainerId: string | undefined): StageConfig['analytics'] {
  if (gtmContainerId === undefined) return { enabled: false, gtmContainerId: null };
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(gtmContainerId)) {
    throw new Error(
      `Context "gtmContainerId" must be a Google Tag Manager container id (GTM-…), not "${gtmContainerId}"`,
    );
  }
  return { enabled: true, gtmContainerId };
}
