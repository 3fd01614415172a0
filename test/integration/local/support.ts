/**
 * Helpers of the local-stack integration tests: a stack in a temporary folder on free ports, a stand-in SPA build
 * (the tests check how the server serves files, not the app), raw HTTP for what `fetch` refuses to send, and
 * Cognito sign-in against the local pools.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { signInToPool } from '../../../scripts/local/cognito-sign-in';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';

export const FAKE_INDEX_HTML = '<!doctype html><html><body><div id="root">stand-in SPA</div></body></html>';
export const FAKE_ASSET = 'assets/app-3f9a1c.js';

export function tempWorkDir(prefix: string): { dir: string; webRoot: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const webRoot = join(dir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), FAKE_INDEX_HTML);
  // Larger than the compression threshold, so the server's gzip/brotli path runs.
  writeFileSync(join(webRoot, FAKE_ASSET), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  return { dir, webRoot };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw: Buffer;
}

/** Any method with any body (fetch refuses a body on GET), answered as text. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    // Node sends a GET body without framing unless told its length; the server would read it as a new request.
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = request(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface Tokens {
  idToken: string;
  accessToken: string;
}

/** USER_PASSWORD_AUTH against a local pool, as the SPA does locally (with the TOTP code where the pool asks). */
export async function signIn(
  cognitoEndpoint: string,
  clientId: string,
  email: string,
  password: string,
  totpSecret?: string | null,
): Promise<Tokens> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: cognitoEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  try {
    const out = await signInToPool(cognito, { clientId, email, password, totpSecret });
    return { idToken: out.IdToken!, accessToken: out.AccessToken! };
  } finally {
    cognito.destroy();
  }
}

/** The name and message a call failed with (Cognito's error name, e.g. `NotAuthorizedException`). */
export async function failureOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message };
  }
  throw new Error('expected a failure');
}
