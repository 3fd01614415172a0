/**
 * Cognito's sign-in challenges where cognito-local (5.3) falls short, for the admin pool's required TOTP MFA and
 * for users created with a temporary password (DESIGN §4d), installed with the other patches
 * (`cognito-local-patches.ts`):
 *
 * - **Challenge sessions are real.** cognito-local hands out a random `Session` and never checks it: any caller who
 *   knows a username could answer its challenges (set the password of a user with a temporary one, for one). Here
 *   a session is issued for one user, one challenge and one app client, lives 3 minutes (Cognito's default), and
 *   any other answers `NotAuthorizedException: Invalid session for the user.`
 * - **A temporary password is checked** before `NEW_PASSWORD_REQUIRED` (cognito-local answers the challenge to any
 *   password), and the new one must meet the pool's policy.
 * - **MFA_SETUP**: in a pool whose MFA is `ON`, a user without an authenticator gets the `MFA_SETUP` challenge
 *   (cognito-local refuses the sign-in), then `AssociateSoftwareToken` and `VerifySoftwareToken` with the session
 *   (cognito-local only takes an access token), then `RespondToAuthChallenge` `MFA_SETUP` signs them in. After a new
 *   password, such a pool asks for the code (or the enrolment) as Cognito does, instead of signing in at once.
 * - **SOFTWARE_TOKEN_MFA** codes are checked with `otpauth` (`totp.ts`); a wrong code is
 *   `CodeMismatchException: Invalid code received for user` and the session stays open for another try.
 * - Tokens issued after a challenge keep their refresh token (cognito-local forgets it, so a session begun with a
 *   challenge could never be renewed).
 */
import { randomBytes } from 'node:crypto';
import type { Services } from 'cognito-local/lib/services';
import type { AppClient } from 'cognito-local/lib/services/appClient';
import type { Context } from 'cognito-local/lib/services/context';
import type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { checkPassword, wrapTarget, type CognitoLocalInternals } from './cognito-local-patches';
import { isValidTotp, newTotpSecret } from './totp';

/** Cognito's default validity of an authentication session (3 minutes; a pool may set up to 15). */
export const CHALLENGE_SESSION_MS = 3 * 60_000;

type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';

interface ChallengeSession {
  poolId: string;
  clientId: string;
  /** cognito-local's username of the user (the `sub` in an e-mail pool). */
  username: string;
  challenge: ChallengeName;
  expires: number;
  /** MFA_SETUP only: the authenticator's first code was right. */
  verified: boolean;
}

/** The open challenge sessions of this process (in memory: a restart ends every sign-in in progress, as is fine). */
export class ChallengeSessions {
  private readonly open = new Map<string, ChallengeSession>();

  constructor(private readonly now: () => number = Date.now) {}

  start(session: Omit<ChallengeSession, 'expires' | 'verified'>): string {
    const now = this.now();
    for (const [id, s] of this.open) if (s.expires <= now) this.open.delete(id);
    const id = randomBytes(48).toString('base64url');
    this.open.set(id, { ...session, expires: now + CHALLENGE_SESSION_MS, verified: false });
    return id;
  }

  get(id: unknown): ChallengeSession | null {
    if (typeof id !== 'string') return null;
    const session = this.open.get(id);
    if (!session) return null;
    if (session.expires <= this.now()) {
      this.open.delete(id);
      return null;
    }
    return session;
  }

  end(id: string): void {
    this.open.delete(id);
  }
}

interface ChallengeAnswer {
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
  AuthenticationResult?: unknown;
}

interface InitiateAuthRequest {
  AuthFlow?: string;
  ClientId: string;
  AuthParameters?: { USERNAME?: string; PASSWORD?: string };
}

interface RespondRequest {
  ClientId: string;
  ChallengeName?: string;
  Session?: string;
  ChallengeResponses?: Record<string, string | undefined>;
  ClientMetadata?: Record<string, string>;
}

interface TokenSessionRequest {
  AccessToken?: string;
  Session?: string;
  UserCode?: string;
  FriendlyDeviceName?: string;
}

const mfaRequired = (pool: UserPoolService) => pool.options.MfaConfiguration === 'ON';
const hasAuthenticator = (user: User) =>
  user.SoftwareTokenMfaConfiguration?.Verified === true &&
  (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');

export function patchChallenges(
  { targets, errors }: CognitoLocalInternals,
  sessions: ChallengeSessions = new ChallengeSessions(),
): void {
  const invalidSession = () => new errors.NotAuthorizedError('Invalid session for the user.');
  const wrongCredentials = () => new errors.NotAuthorizedError('Incorrect username or password.');

  const challenge = (
    name: ChallengeName,
    pool: UserPoolService,
    clientId: string,
    user: User,
    parameters: Record<string, string> = {},
  ): ChallengeAnswer => ({
    ChallengeName: name,
    ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...parameters },
    Session: sessions.start({ poolId: pool.options.Id, clientId, username: user.Username, challenge: name }),
  });

  /** What a pool with required MFA asks a user who gave the right password. */
  const mfaChallenge = (pool: UserPoolService, clientId: string, user: User) =>
    hasAuthenticator(user)
      ? challenge('SOFTWARE_TOKEN_MFA', pool, clientId, user)
      : challenge('MFA_SETUP', pool, clientId, user, { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' });

  async function signedIn(
    services: Services,
    ctx: Context,
    pool: UserPoolService,
    client: AppClient,
    user: User,
    clientMetadata: Record<string, string> | undefined,
  ): Promise<ChallengeAnswer> {
    if (services.triggers.enabled('PostAuthentication')) {
      await services.triggers.postAuthentication(ctx, {
        clientId: client.ClientId,
        clientMetadata,
        source: 'PostAuthentication_Authentication',
        userAttributes: user.Attributes,
        username: user.Username,
        userPoolId: pool.options.Id,
      });
    }
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(
      ctx,
      user,
      groups,
      client,
      clientMetadata,
      'Authentication',
    );
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }

  wrapTarget<InitiateAuthRequest, ChallengeAnswer>(
    targets,
    'InitiateAuth',
    (services, initiateAuth) => async (ctx, req) => {
      if (req.AuthFlow !== 'USER_PASSWORD_AUTH') return initiateAuth(ctx, req);
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = req.AuthParameters?.USERNAME
        ? await pool.getUserByUsername(ctx, req.AuthParameters.USERNAME)
        : null;
      const passwordRight = user !== null && user.Password === req.AuthParameters?.PASSWORD;
      if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        if (!passwordRight) throw wrongCredentials();
        return challenge('NEW_PASSWORD_REQUIRED', pool, req.ClientId, user, {
          requiredAttributes: '[]',
          userAttributes: JSON.stringify(
            Object.fromEntries((user.Attributes ?? []).map((a) => [a.Name, a.Value])),
          ),
        });
      }
      if (user && passwordRight && user.UserStatus === 'CONFIRMED' && mfaRequired(pool)) {
        return mfaChallenge(pool, req.ClientId, user);
      }
      return initiateAuth(ctx, req);
    },
  );

  wrapTarget<RespondRequest, ChallengeAnswer>(
    targets,
    'RespondToAuthChallenge',
    (services, respond) => async (ctx, req) => {
      const name = req.ChallengeName;
      if (name !== 'NEW_PASSWORD_REQUIRED' && name !== 'MFA_SETUP' && name !== 'SOFTWARE_TOKEN_MFA') {
        return respond(ctx, req);
      }
      const session = sessions.get(req.Session);
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const client = await services.cognito.getAppClient(ctx, req.ClientId);
      const username = req.ChallengeResponses?.USERNAME;
      const user = username ? await pool.getUserByUsername(ctx, username) : null;
      if (
        !session ||
        !user ||
        !client ||
        session.challenge !== name ||
        session.username !== user.Username ||
        session.poolId !== pool.options.Id ||
        session.clientId !== req.ClientId
      ) {
        throw invalidSession();
      }
      const sessionId = req.Session as string;
      const responses = req.ChallengeResponses ?? {};
      switch (name) {
        case 'NEW_PASSWORD_REQUIRED': {
          const password = responses.NEW_PASSWORD;
          if (!password) throw new errors.InvalidParameterError('Missing required parameter NEW_PASSWORD');
          checkPassword(errors, pool, password);
          const changed: User = {
            ...user,
            Password: password,
            UserStatus: 'CONFIRMED',
            UserLastModifiedDate: services.clock.get(),
          };
          await pool.saveUser(ctx, changed);
          sessions.end(sessionId);
          return mfaRequired(pool)
            ? mfaChallenge(pool, req.ClientId, changed)
            : signedIn(services, ctx, pool, client, changed, req.ClientMetadata);
        }
        case 'MFA_SETUP':
          if (!session.verified || !hasAuthenticator(user)) {
            throw new errors.CognitoError('InvalidParameterException', 'Software token MFA is not set up.');
          }
          sessions.end(sessionId);
          return signedIn(services, ctx, pool, client, user, req.ClientMetadata);
        case 'SOFTWARE_TOKEN_MFA': {
          const secret = user.SoftwareTokenMfaConfiguration;
          if (!secret?.Verified || !isValidTotp(secret.Secret, responses.SOFTWARE_TOKEN_MFA_CODE)) {
            // The session stays open: the user may type the next code.
            throw new errors.CognitoError('CodeMismatchException', 'Invalid code received for user');
          }
          sessions.end(sessionId);
          return signedIn(services, ctx, pool, client, user, req.ClientMetadata);
        }
      }
    },
  );

  /** The MFA_SETUP session and its user, for the two software-token calls made with a session. */
  async function setupUser(services: Services, ctx: Context, sessionId: unknown) {
    const session = sessions.get(sessionId);
    if (!session || session.challenge !== 'MFA_SETUP') throw invalidSession();
    const pool = await services.cognito.getUserPool(ctx, session.poolId);
    const user = await pool.getUserByUsername(ctx, session.username);
    if (!user) throw invalidSession();
    return { session, pool, user };
  }

  wrapTarget<TokenSessionRequest, unknown>(
    targets,
    'AssociateSoftwareToken',
    (services, associate) => async (ctx, req) => {
      if (req.AccessToken || !req.Session) return associate(ctx, req);
      const { pool, user } = await setupUser(services, ctx, req.Session);
      const secret = newTotpSecret();
      await pool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
        UserLastModifiedDate: services.clock.get(),
      });
      return { SecretCode: secret, Session: req.Session };
    },
  );

  wrapTarget<TokenSessionRequest, unknown>(
    targets,
    'VerifySoftwareToken',
    (services, verify) => async (ctx, req) => {
      if (req.AccessToken || !req.Session) return verify(ctx, req);
      const { session, pool, user } = await setupUser(services, ctx, req.Session);
      const secret = user.SoftwareTokenMfaConfiguration?.Secret;
      if (!secret) {
        throw new errors.CognitoError(
          'InvalidParameterException',
          'User has not associated a software token.',
        );
      }
      if (!isValidTotp(secret, req.UserCode)) {
        throw new errors.CognitoError(
          'EnableSoftwareTokenMFAException',
          'Code mismatch and fail enable Software Token MFA',
        );
      }
      const methods = user.UserMFASettingList ?? [];
      await pool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: {
          Secret: secret,
          Verified: true,
          ...(req.FriendlyDeviceName ? { FriendlyDeviceName: req.FriendlyDeviceName } : {}),
        },
        UserMFASettingList: methods.includes('SOFTWARE_TOKEN_MFA')
          ? methods
          : [...methods, 'SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
        UserLastModifiedDate: services.clock.get(),
      });
      session.verified = true;
      return { Status: 'SUCCESS', Session: req.Session };
    },
  );
}
