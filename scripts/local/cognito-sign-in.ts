/**
 * Signing in to a local pool through Cognito's API as the SPA does locally (`USER_PASSWORD_AUTH`), including the
 * admin pool's TOTP: the code of an enrolled account (`SOFTWARE_TOKEN_MFA`), or the enrolment of a new one
 * (`MFA_SETUP`: associate a secret, verify its first code). The local stack enrols the demo admin with it, and
 * tests sign in with it.
 */
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { totpCode } from './totp';

export interface PoolSignIn {
  clientId: string;
  email: string;
  password: string;
  /** The account's authenticator secret (base32), for a pool that asks for a code. */
  totpSecret?: string | null;
  /** For an account with a temporary password (`NEW_PASSWORD_REQUIRED`): the password it sets. */
  newPassword?: string;
}

export interface TotpEnrolment {
  secret: string;
  tokens: AuthenticationResultType;
}

const tokensOf = (result: AuthenticationResultType | undefined, email: string) => {
  if (!result?.IdToken || !result.AccessToken) throw new Error(`no tokens for ${email}`);
  return result;
};

/** Password, then the new password and the TOTP code when the pool asks for them; the tokens. */
export async function signInToPool(
  cognito: CognitoIdentityProviderClient,
  { clientId, email, password, totpSecret, newPassword }: PoolSignIn,
): Promise<AuthenticationResultType> {
  let step: { ChallengeName?: string; Session?: string; AuthenticationResult?: AuthenticationResultType } =
    await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
  if (step.ChallengeName === 'NEW_PASSWORD_REQUIRED' && newPassword) {
    step = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: step.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
      }),
    );
  }
  if (step.ChallengeName === 'SOFTWARE_TOKEN_MFA' && totpSecret) {
    step = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: step.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      }),
    );
  }
  if (step.ChallengeName) throw new Error(`sign-in of ${email} answered the challenge ${step.ChallengeName}`);
  return tokensOf(step.AuthenticationResult, email);
}

/**
 * The first sign-in of an account in a pool that requires TOTP (`MFA_SETUP`): a secret is associated, its current
 * code verified, and the sign-in completed. Throws when the pool does not ask for an enrolment.
 */
export async function enrolTotp(
  cognito: CognitoIdentityProviderClient,
  { clientId, email, password }: Omit<PoolSignIn, 'totpSecret'>,
): Promise<TotpEnrolment> {
  const first = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (first.ChallengeName !== 'MFA_SETUP') {
    throw new Error(`sign-in of ${email} answered ${first.ChallengeName ?? 'tokens'}, not MFA_SETUP`);
  }
  return completeTotpSetup(cognito, clientId, email, first.Session);
}

/** Associates a secret with the MFA_SETUP session, verifies its code and completes the sign-in. */
export async function completeTotpSetup(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  email: string,
  session: string | undefined,
): Promise<TotpEnrolment> {
  const associated = await cognito.send(new AssociateSoftwareTokenCommand({ Session: session }));
  const secret = associated.SecretCode;
  if (!secret) throw new Error(`no TOTP secret for ${email}`);
  const verified = await cognito.send(
    new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: totpCode(secret) }),
  );
  const answered = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'MFA_SETUP',
      Session: verified.Session,
      ChallengeResponses: { USERNAME: email },
    }),
  );
  return { secret, tokens: tokensOf(answered.AuthenticationResult, email) };
}
