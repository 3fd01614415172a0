/**
 * Who the client is, for every per-client limit (DESIGN §4d). Behind our CloudFront distribution API Gateway's
 * `sourceIp` is an edge server shared by many guests, so in AWS the client is the viewer's address that CloudFront
 * forwards in `CloudFront-Viewer-Address`, trusted only on a request that carries the secret origin header (only
 * CloudFront knows it; the execute-api endpoint is disabled as well). Locally there is no secret and the local
 * server's `sourceIp` is the socket's address, so tests act as several clients from 127.0.0.x.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { MiddlewareObj } from '@middy/core';
import { createSecretsManagerReader, type SecretReader } from '../../adapters/secrets/secret-reader';
import { environment } from '../../adapters/runtime/environment';
import { DomainError } from '../../domain/errors';
import type { HttpApiEvent, HttpApiStructuredResult, LambdaContext } from './api-gateway';

/** The header CloudFront adds to every request it forwards to the API (lib/web-construct.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
export const ORIGIN_REFUSED_MESSAGE = 'Requests must come through the site.';
export const ORIGIN_UNAVAILABLE_MESSAGE = 'The service is unavailable right now. Please try again shortly.';

/** Events whose origin header was checked (a WeakSet: nothing on the event a client could forge). */
const fromOurDistribution = new WeakSet<object>();

let reader: SecretReader | undefined;

/**
 * Refuses (403) a request that lacks the origin secret, when one is configured (AWS); marks the others as coming
 * through our distribution, so `clientAddress` may believe their viewer header. Use it first.
 */
export function originGuard(
  readSecret: () => Promise<string | undefined | null> = configuredOriginSecret,
): MiddlewareObj<HttpApiEvent, HttpApiStructuredResult, Error, LambdaContext> {
  return {
    name: 'originGuard',
    before: async ({ event }) => {
      let secret: string | undefined | null;
      try {
        secret = await readSecret();
      } catch (e) {
        // Secrets Manager unreachable or the role misconfigured: an operator's problem, not the caller's.
        console.error(
          JSON.stringify({ level: 'error', message: 'Origin secret could not be read', error: String(e) }),
        );
        throw new DomainError('service_unavailable', ORIGIN_UNAVAILABLE_MESSAGE, undefined, { cause: e });
      }
      if (secret === null) return;
      const sent = event.headers?.[ORIGIN_VERIFY_HEADER];
      if (!secret || !sent || !sameText(sent, secret)) {
        throw new DomainError('forbidden', ORIGIN_REFUSED_MESSAGE);
      }
      fromOurDistribution.add(event);
    },
  };
}

/** `null` when no secret is configured (locally); `undefined` when it is configured but unreadable or unset. */
async function configuredOriginSecret(): Promise<string | undefined | null> {
  const env = environment();
  // The value itself only where a local stack plays CloudFront (tests of the viewer address); AWS reads the secret.
  if (env.ORIGIN_VERIFY_SECRET) return env.ORIGIN_VERIFY_SECRET;
  const arn = env.ORIGIN_VERIFY_SECRET_ARN;
  if (!arn) return null;
  reader ??= createSecretsManagerReader();
  return reader.read(arn);
}

/**
 * The client's key: the viewer's address on a request that came through our distribution, else the address API
 * Gateway (or the local server) saw. An IPv6 address is keyed by its /64, what one home or phone is given.
 */
export function clientAddress(event: HttpApiEvent): string {
  return addressKey(viewerAddressOf(event));
}

/**
 * The client's wider network, where one holder commonly has many client keys: an IPv6 client's /48 (what an ISP
 * gives a site, 65,536 /64s), so a holder cannot multiply the per-client limits by switching /64s. `undefined` for
 * IPv4, where the address itself is already what one holder has.
 */
export function clientNetwork(event: HttpApiEvent): string | undefined {
  return networkKey(viewerAddressOf(event));
}

function viewerAddressOf(event: HttpApiEvent): string {
  const viewer = fromOurDistribution.has(event)
    ? parseViewerAddress(event.headers?.[VIEWER_ADDRESS_HEADER])
    : null;
  return viewer ?? event.requestContext.http.sourceIp;
}

/** `198.51.100.10:46532`, `[2001:db8::1]:46532`, `2001:db8::1:46532` or a bare address → the address. */
export function parseViewerAddress(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return isIPv6(bracketed[1]!) ? bracketed[1]! : null;
  if (isIPv4(text) || isIPv6(text)) {
    // CloudFront appends the port after the last colon, even to an IPv6 address.
    const withoutPort = text.replace(/:\d+$/, '');
    return text !== withoutPort && isIPv6(withoutPort) ? withoutPort : text;
  }
  const withoutPort = text.replace(/:\d+$/, '');
  return isIPv4(withoutPort) || isIPv6(withoutPort) ? withoutPort : null;
}

/** An IPv4 address as it is; an IPv6 one as its /64 (`2001:db8:1:2::/64`); anything else `unknown`. */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return 'unknown';
  const groups = expandIPv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** An IPv6 address as its /48 (`2001:db8:1::/48`); `undefined` for IPv4 (mapped ones included) and anything else. */
export function networkKey(address: string | undefined): string | undefined {
  if (!address || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) || !isIPv6(address)) return undefined;
  return `${expandIPv6(address).slice(0, 3).join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((g) => parseInt(g, 16).toString(16));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
