/**
 * The back office's `AuthClient` on Amplify v6 (`aws-amplify/auth`), configured from `/config.json` for one pool.
 * This module (and with it Amplify) is only imported by the back-office areas, which load lazily: guest pages never
 * download it.
 *
 * - In AWS: SRP sign-in against the pool (Amplify's default).
 * - Locally (`cognito.endpoint` set): `USER_PASSWORD_AUTH` against the Cognito-compatible pool of `npm start`, which
 *   has no SRP. Amplify renews tokens with `GetTokensFromRefreshToken`, which that emulator lacks, so locally the
 *   renewal goes through `InitiateAuth` with `REFRESH_TOKEN_AUTH` instead (what Cognito itself also accepts).
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
  type SignInOutput,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import type { AppConfig } from '../config';
import { AuthFailure, type AuthClient, type BackOfficePool, type SignInOutcome } from './auth-client';

/** The pool Amplify is configured for: Amplify is one global, the host and admin areas take turns. */
let configuredFor: string | null = null;

function poolOf(config: AppConfig, pool: BackOfficePool) {
  return pool === 'host' ? config.cognito.hostPool : config.cognito.adminPool;
}

function configure(config: AppConfig, pool: BackOfficePool): void {
  const { userPoolId, clientId } = poolOf(config, pool);
  const endpoint = config.cognito.endpoint;
  const key = `${userPoolId}|${clientId}|${endpoint ?? ''}`;
  if (configuredFor === key) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId: clientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  if (endpoint) {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      localTokenRefresher(endpoint, clientId),
    );
  }
  configuredFor = key;
}

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];
type CognitoTokens = Awaited<ReturnType<TokenRefresher>>;
type DecodedJwt = CognitoTokens['accessToken'];

/** Amplify's JWT shape from a token string (the payload is read, never trusted: the API verifies signatures). */
function decodeJwt(token: string): DecodedJwt {
  const part = token.split('.')[1] ?? '';
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return { toString: () => token, payload: JSON.parse(json) as DecodedJwt['payload'] };
}

/** Token renewal against the local pool: `InitiateAuth` with `REFRESH_TOKEN_AUTH` (see the module comment). */
export function localTokenRefresher(
  endpoint: string,
  clientId: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new AuthFailure('NotAuthorizedException', 'No refresh token');
    const res = await fetchImpl(`${endpoint.replace(/\/$/, '')}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
      __type?: string;
      message?: string;
    };
    const result = body.AuthenticationResult;
    if (!res.ok || !result?.AccessToken) {
      // Amplify clears the session and reports `tokenRefresh_failure` for this name.
      throw new AuthFailure(body.__type ?? 'NotAuthorizedException', body.message ?? 'Refresh failed');
    }
    const accessToken = decodeJwt(result.AccessToken);
    const iat = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
    return {
      accessToken,
      idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
      clockDrift: iat * 1000 - Date.now(),
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      username,
    };
  };
}

function failure(e: unknown): AuthFailure {
  if (e instanceof AuthFailure) return e;
  if (e instanceof Error) return new AuthFailure(e.name || 'Error', e.message);
  return new AuthFailure('Error', String(e));
}

/** Runs an Amplify call and turns whatever it throws into an `AuthFailure`. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw failure(e);
  }
}

function outcome(output: SignInOutput): SignInOutcome {
  switch (output.nextStep.signInStep) {
    case 'DONE':
      return { step: 'done' };
    case 'CONFIRM_SIGN_UP':
      return { step: 'confirm_sign_up' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'new_password_required' };
    case 'RESET_PASSWORD':
      return { step: 'reset_password' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return { step: 'totp_setup', secret: output.nextStep.totpSetupDetails.sharedSecret };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'totp_code' };
    default:
      // SMS, e-mail and passwordless steps are not enabled on our pools (the admin pool's MFA is TOTP only).
      throw new AuthFailure('UnsupportedSignInStep', output.nextStep.signInStep);
  }
}

export function createAmplifyAuthClient(config: AppConfig, pool: BackOfficePool): AuthClient {
  const local = config.cognito.endpoint !== null;
  const ready = () => configure(config, pool);

  const emailOf = async (): Promise<string | null> => {
    const session = await fetchAuthSession();
    const email = session.tokens?.idToken?.payload.email;
    return typeof email === 'string' ? email : null;
  };

  return {
    async currentUser() {
      ready();
      try {
        const user = await getCurrentUser();
        const email = await emailOf();
        return email ? { userId: user.userId, email } : null;
      } catch {
        return null;
      }
    },
    async idToken() {
      ready();
      try {
        const session = await fetchAuthSession();
        return session.tokens?.idToken?.toString() ?? null;
      } catch {
        return null;
      }
    },
    async signIn(email, password) {
      ready();
      return call(async () =>
        outcome(
          await signIn({
            username: email.trim(),
            password,
            options: local ? { authFlowType: 'USER_PASSWORD_AUTH' } : undefined,
          }),
        ),
      );
    },
    async completeNewPassword(newPassword) {
      ready();
      return call(async () => outcome(await confirmSignIn({ challengeResponse: newPassword })));
    },
    async confirmTotp(code) {
      ready();
      return call(async () => outcome(await confirmSignIn({ challengeResponse: code.trim() })));
    },
    async signOut() {
      ready();
      await call(() => signOut());
    },
    async signUp({ email, password, businessName }) {
      ready();
      const result = await call(() =>
        signUp({
          username: email.trim(),
          password,
          options: { userAttributes: { email: email.trim(), 'custom:business_name': businessName.trim() } },
        }),
      );
      return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
    },
    async confirmSignUp(email, code) {
      ready();
      await call(() => confirmSignUp({ username: email.trim(), confirmationCode: code.trim() }));
    },
    async resendSignUpCode(email) {
      ready();
      await call(() => resendSignUpCode({ username: email.trim() }));
    },
    async resetPassword(email) {
      ready();
      await call(() => resetPassword({ username: email.trim() }));
    },
    async confirmResetPassword(email, code, newPassword) {
      ready();
      await call(() =>
        confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword }),
      );
    },
    async updatePassword(oldPassword, newPassword) {
      ready();
      await call(() => updatePassword({ oldPassword, newPassword }));
    },
    onSessionEnded(listener) {
      return Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') listener();
      });
    },
  };
}
