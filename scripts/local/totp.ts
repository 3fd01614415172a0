/**
 * TOTP as Cognito's software-token MFA does it (RFC 6238: SHA-1, 6 digits, 30-second steps), with `otpauth`: the
 * local admin pool's checks (`cognito-local-mfa.ts`), the demo admin's enrolment at start, and the tests' codes.
 *
 * `otpauth` is required from this file's folder: the cognito-local child runs a bundle of this module from its data
 * folder, where no package would resolve (see `cognito-local-main.ts`).
 */
import { createRequire } from 'node:module';
import type * as OTPAuth from 'otpauth';

const require = createRequire(import.meta.url);
const { Secret, TOTP } = require('otpauth') as typeof OTPAuth;

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A new base32 secret of 20 bytes (160 bits, what Cognito's AssociateSoftwareToken hands out). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The code an authenticator app shows for the secret at `at`. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/** `true` when the code is the secret's for the current step or one step either side (clock drift). */
export function isValidTotp(secret: string, code: unknown, at: number = Date.now()): boolean {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return false;
  try {
    return totpOf(secret).validate({ token: code, timestamp: at, window: 1 }) !== null;
  } catch {
    return false;
  }
}
