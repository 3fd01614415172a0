/**
 * The JWT authorizers of the local API, doing what API Gateway's HTTP API JWT authorizer does in AWS (one per
 * Cognito pool): read the token from the `Authorization` header (with or without `Bearer `), verify its signature
 * against the pool's JWKS, its expiry, its issuer (`<cognito endpoint>/<pool id>`), and that its `aud` (ID token)
 * or else its `client_id` (access token) is the pool's app client. The claims reach the handler as
 * `requestContext.authorizer.jwt.claims`, flattened to strings the way API Gateway passes them.
 *
 * This module exists only locally: in AWS the authorizer is API Gateway's own (see `lib/`). cognito-local signs
 * every pool's tokens with a key shipped inside the npm package, so what it proves is only that the token came from
 * the local pool of the route; never point this at anything but the local stack.
 */
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';

export interface PoolTrust {
  /** `<cognito endpoint>/<user pool id>`, exactly as the pool writes it into `iss`. */
  issuer: string;
  /** App clients whose tokens the routes accept. */
  clientIds: string[];
}

export interface AuthorizedRequest {
  /** Claim name → value as a string, like API Gateway (numbers and booleans stringified, arrays as `[a b]`). */
  claims: Record<string, string>;
  /** The access token's scopes; `null` for an ID token. */
  scopes: string[] | null;
}

export interface JwtAuthorizer<Name extends string> {
  /** The claims of a valid token of the pool `name`, or `null` when the request must get a 401. */
  authorize(name: Name, authorizationHeader: string | undefined): Promise<AuthorizedRequest | null>;
}

/**
 * aws-jwt-verify's own fetcher refuses `http://` JWKS URIs (rightly, in AWS). cognito-local only speaks http on
 * the loopback interface, so the local authorizer fetches the JWKS itself.
 */
const loopbackFetcher: Fetcher = {
  fetch: async (uri: string) => {
    const res = await fetch(uri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status} ${uri}`);
    return res.arrayBuffer();
  },
};

export function createJwtAuthorizer<Name extends string>(
  pools: Record<Name, PoolTrust>,
): JwtAuthorizer<Name> {
  const jwksCache = new SimpleJwksCache({ fetcher: loopbackFetcher });
  const verifiers = new Map<Name, ReturnType<typeof verifierFor>>();
  const verifierFor = (trust: PoolTrust) =>
    JwtVerifier.create(
      {
        issuer: trust.issuer,
        jwksUri: `${trust.issuer}/.well-known/jwks.json`,
        // API Gateway accepts either audience form, so the check is ours rather than the library's `audience`.
        audience: null,
        customJwtCheck: ({ payload }) => {
          if (!audienceMatches(payload, trust.clientIds)) throw new Error('Token audience not allowed');
        },
      },
      { jwksCache },
    );

  return {
    async authorize(name, authorizationHeader) {
      const token = bearerToken(authorizationHeader);
      if (!token) return null;
      let verifier = verifiers.get(name);
      if (!verifier) {
        const trust = pools[name];
        if (!trust) return null;
        verifier = verifierFor(trust);
        verifiers.set(name, verifier);
      }
      try {
        const payload = await verifier.verify(token);
        return { claims: flattenClaims(payload), scopes: scopesOf(payload) };
      } catch {
        // Wrong pool, bad signature, expired, malformed: API Gateway answers all of them with the same 401.
        return null;
      }
    },
  };
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.length > 0 ? token : null;
}

function audienceMatches(payload: JwtPayload, clientIds: string[]): boolean {
  const aud = payload.aud;
  if (aud !== undefined) {
    const audiences = Array.isArray(aud) ? aud : [aud];
    return audiences.some((a) => clientIds.includes(a));
  }
  const clientId = payload.client_id;
  return typeof clientId === 'string' && clientIds.includes(clientId);
}

function scopesOf(payload: JwtPayload): string[] | null {
  return typeof payload.scope === 'string' && payload.scope.length > 0 ? payload.scope.split(' ') : null;
}

/** API Gateway hands claims to the integration as strings; handlers written against it must parse them. */
export function flattenClaims(payload: JwtPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) claims[name] = `[${value.join(' ')}]`;
    else if (typeof value === 'object') claims[name] = JSON.stringify(value);
    else claims[name] = String(value);
  }
  return claims;
}
