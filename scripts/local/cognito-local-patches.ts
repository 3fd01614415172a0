/**
 * What cognito-local (5.3) lacks to behave like Cognito for the back office's sign-up, added by wrapping a few of
 * its internals in its own process before it starts (`cognito-local-main.ts`):
 *
 * - **Mail delivery.** Cognito mails the sign-up and password-reset codes itself; cognito-local only prints them.
 *   Every e-mail it would send also goes to the local SES outbox, with the subject and body the custom-message
 *   trigger wrote (code substituted), or Cognito's default text when there is no custom message.
 * - **Admin-only pools refuse SignUp** (`NotAuthorizedException`), as a pool with `AllowAdminCreateUserOnly` does.
 * - **E-mails are matched case-insensitively** (the AWS pools have `signInCaseSensitive: false`), so
 *   `Host@Example.com` is the user `host@example.com` at sign-up, sign-in and reset.
 * - **The password policy is enforced** at SignUp, ConfirmForgotPassword and ChangePassword
 *   (`InvalidPasswordException` with Cognito's wording).
 * - **Cognito's answers**: a wrong code is `CodeMismatchException: Invalid verification code provided, please try
 *   again.`; confirming a confirmed account is `NotAuthorizedException`; a wrong password or an unknown e-mail at
 *   sign-in is `NotAuthorizedException: Incorrect username or password.` (cognito-local: `InvalidPasswordException`);
 *   `UsernameExistsException` carries Cognito's message; delivery destinations are masked (`h***@e***`); with
 *   `PreventUserExistenceErrors` a reset or confirmation for an unknown e-mail answers as Cognito does (no account
 *   enumeration).
 * - **ResendConfirmationCode**, which cognito-local does not implement (Amplify's `resendSignUpCode`).
 * - **Challenges**: checked sessions, temporary passwords, the admin pool's required TOTP (`MFA_SETUP`, then
 *   `SOFTWARE_TOKEN_MFA`): see `cognito-local-mfa.ts`.
 *
 * Every internal wrapped here is checked for its shape first; a cognito-local that moved one fails at start with a
 * message naming this file, instead of quietly losing a behaviour the tests and the SPA rely on.
 */
import { createRequire } from 'node:module';
import type * as CognitoErrors from 'cognito-local/lib/errors';
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { Message } from 'cognito-local/lib/services/messages';
import type { User, UserPool, UserPoolService } from 'cognito-local/lib/services/userPoolService';
import { patchChallenges } from './cognito-local-mfa';

const require = createRequire(import.meta.url);

type Route = (ctx: Context, req: never) => Promise<unknown>;
type TargetFactory = (services: Services) => Route;
type SendEmail = (ctx: Context, user: User, destination: string, message: Message) => Promise<void>;
type GetUserByUsername = (this: UserPoolService, ctx: Context, username: string) => Promise<User | null>;

export interface CognitoLocalInternals {
  version: string;
  errors: typeof CognitoErrors;
  /** Target name → factory; the router looks targets up here on every request. */
  targets: Record<string, TargetFactory>;
  consoleSender: { prototype: { sendEmail: SendEmail } };
  userPoolService: { prototype: { getUserByUsername: GetUserByUsername } };
}

/** One e-mail as Cognito would send it. */
export interface CognitoMail {
  to: string;
  subject: string;
  /** Exactly one of the two, like Cognito: HTML when the message is HTML. */
  html?: string;
  text?: string;
}

export interface CognitoLocalPatchOptions {
  /** Where e-mails go besides cognito-local's console; without it they are only printed. */
  sendMail?: (mail: CognitoMail) => Promise<void>;
}

const PATCHED = Symbol.for('ehime.cognito-local-patched');

export function loadCognitoLocalInternals(): CognitoLocalInternals {
  const lib = (path: string) => require(`cognito-local/lib/${path}`) as Record<string, unknown>;
  return {
    version: (require('cognito-local/package.json') as { version: string }).version,
    errors: lib('errors') as unknown as typeof CognitoErrors,
    targets: lib('targets/targets').Targets as Record<string, TargetFactory>,
    consoleSender: lib('services/messageDelivery/consoleMessageSender')
      .ConsoleMessageSender as CognitoLocalInternals['consoleSender'],
    userPoolService: lib('services/userPoolService')
      .UserPoolServiceImpl as CognitoLocalInternals['userPoolService'],
  };
}

/** What the patches need of cognito-local's internals; throws naming each one that is missing. */
export function checkInternals(internals: CognitoLocalInternals): void {
  const problems: string[] = [];
  const expectFunction = (value: unknown, what: string) => {
    if (typeof value !== 'function') problems.push(what);
  };
  expectFunction(internals.consoleSender?.prototype?.sendEmail, 'ConsoleMessageSender.prototype.sendEmail');
  expectFunction(
    internals.userPoolService?.prototype?.getUserByUsername,
    'UserPoolServiceImpl.prototype.getUserByUsername',
  );
  for (const target of [
    'SignUp',
    'InitiateAuth',
    'ForgotPassword',
    'ConfirmForgotPassword',
    'ChangePassword',
    'AdminSetUserPassword',
    'AdminCreateUser',
    'RespondToAuthChallenge',
    'AssociateSoftwareToken',
    'VerifySoftwareToken',
  ]) {
    expectFunction(internals.targets?.[target], `Targets.${target}`);
  }
  for (const error of [
    'CognitoError',
    'NotAuthorizedError',
    'UsernameExistsError',
    'UserNotFoundError',
    'InvalidPasswordError',
    'CodeMismatchError',
    'InvalidParameterError',
  ] as const) {
    expectFunction(internals.errors?.[error], `errors.${error}`);
  }
  if (problems.length > 0) {
    throw new Error(
      `cognito-local ${internals.version} no longer has ${problems.join(', ')}: ` +
        'scripts/local/cognito-local-patches.ts must be adapted to it before the local stack can emulate Cognito.',
    );
  }
}

export function installCognitoLocalPatches(
  internals: CognitoLocalInternals,
  options: CognitoLocalPatchOptions = {},
): void {
  checkInternals(internals);
  // Marked on cognito-local's own target table, which every load of its modules in this process shares.
  const marked = internals.targets as unknown as Record<symbol, boolean>;
  if (marked[PATCHED]) return;
  marked[PATCHED] = true;
  patchMailDelivery(internals, options.sendMail);
  patchCaseInsensitiveUsernames(internals);
  patchSignUp(internals);
  patchConfirmSignUp(internals);
  patchSignIn(internals);
  patchPasswordReset(internals);
  patchChangePassword(internals);
  patchAdminPasswords(internals);
  addResendConfirmationCode(internals);
  // After the sign-in patch, so that its checks come first (`cognito-local-mfa.ts`).
  patchChallenges(internals);
}

// ---------------------------------------------------------------------------------------------------------------
// Mail

function patchMailDelivery(
  { consoleSender, errors }: CognitoLocalInternals,
  sendMail: CognitoLocalPatchOptions['sendMail'],
): void {
  const printToConsole = consoleSender.prototype.sendEmail;
  consoleSender.prototype.sendEmail = async function (this: unknown, ctx, user, destination, message) {
    await printToConsole.call(this, ctx, user, destination, message);
    if (!sendMail) return;
    try {
      await sendMail(cognitoMail(user, destination, message));
    } catch (e) {
      ctx.logger.error(e, 'delivering the mail to the local outbox failed');
      // Cognito's answer when it cannot deliver a code; the user is not saved (cognito-local delivers first).
      throw new errors.CognitoError(
        'CodeDeliveryFailureException',
        `Unable to deliver the message to ${maskEmail(destination)}`,
      );
    }
  };
}

/**
 * The mail Cognito sends for a message: the custom message when the trigger wrote one, else Cognito's default
 * text (an invitation for a user created by an administrator, a verification code otherwise).
 */
export function cognitoMail(
  user: Pick<User, 'UserStatus'>,
  destination: string,
  message: Message,
): CognitoMail {
  const code = message.__code ?? '';
  const invited = user.UserStatus === 'FORCE_CHANGE_PASSWORD';
  const subject = message.emailSubject || (invited ? 'Your temporary password' : 'Your verification code');
  const body =
    message.emailMessage ||
    (invited
      ? `Your username is ${destination} and temporary password is ${code}.`
      : `Your verification code is ${code}.`);
  return /<[a-z!][^>]*>/i.test(body)
    ? { to: destination, subject, html: body }
    : { to: destination, subject, text: body };
}

/** How Cognito shows a delivery destination: `h***@e***`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${email.charAt(0)}***`;
  return `${email.charAt(0)}***@${email.charAt(at + 1)}***`;
}

function masked<T extends { CodeDeliveryDetails?: { Destination?: string; DeliveryMedium?: string } }>(
  response: T,
): T {
  const details = response.CodeDeliveryDetails;
  if (details?.DeliveryMedium !== 'EMAIL' || !details.Destination) return response;
  return { ...response, CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } };
}

// ---------------------------------------------------------------------------------------------------------------
// Users and passwords

function patchCaseInsensitiveUsernames({ userPoolService }: CognitoLocalInternals): void {
  const exact = userPoolService.prototype.getUserByUsername;
  userPoolService.prototype.getUserByUsername = async function (ctx, username) {
    const found = await exact.call(this, ctx, username);
    if (found || this.options.UsernameConfiguration?.CaseSensitive === true) return found;
    const wanted = username.toLowerCase();
    const byEmail = this.options.UsernameAttributes?.includes('email') ?? false;
    const users = await this.listUsers(ctx);
    return (
      users.find(
        (user) =>
          user.Username.toLowerCase() === wanted || (byEmail && emailOf(user)?.toLowerCase() === wanted),
      ) ?? null
    );
  };
}

const emailOf = (user: User) => user.Attributes?.find((a) => a.Name === 'email')?.Value;

type PasswordPolicy = NonNullable<NonNullable<UserPool['Policies']>['PasswordPolicy']>;

/** Cognito's wording for a password its pool's policy refuses, or `null` when the password conforms. */
export function passwordPolicyViolation(policy: PasswordPolicy | undefined, password: string): string | null {
  if (!policy) return null;
  if ([...password].length < (policy.MinimumLength ?? 8)) return 'Password not long enough';
  if (policy.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (policy.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (policy.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (policy.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    return 'Password must have symbol characters';
  }
  return null;
}

export function checkPassword(
  errors: CognitoLocalInternals['errors'],
  pool: UserPoolService,
  password: unknown,
) {
  const violation = passwordPolicyViolation(pool.options.Policies?.PasswordPolicy, String(password ?? ''));
  if (violation) {
    throw new errors.CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${violation}`,
    );
  }
}

async function preventsUserExistenceErrors(services: Services, ctx: Context, clientId: string) {
  const client = await services.cognito.getAppClient(ctx, clientId);
  return client?.PreventUserExistenceErrors === 'ENABLED';
}

/** Replaces a target with a wrapper that receives the original. */
export function wrapTarget<Req, Res>(
  targets: CognitoLocalInternals['targets'],
  name: string,
  wrap: (
    services: Services,
    original: (ctx: Context, req: Req) => Promise<Res>,
  ) => (ctx: Context, req: Req) => Promise<Res>,
): void {
  const factory = targets[name]!;
  targets[name] = ((services: Services) =>
    wrap(
      services,
      factory(services) as unknown as (ctx: Context, req: Req) => Promise<Res>,
    )) as TargetFactory;
}

interface SignUpRequest {
  ClientId: string;
  Username: string;
  Password: string;
}
interface DeliveryResponse {
  CodeDeliveryDetails?: { Destination?: string; DeliveryMedium?: string; AttributeName?: string };
}

function patchSignUp({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<SignUpRequest, DeliveryResponse>(targets, 'SignUp', (services, signUp) => async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (pool.options.AdminCreateUserConfig?.AllowAdminCreateUserOnly) {
      throw new errors.NotAuthorizedError('SignUp is not permitted for this user pool');
    }
    checkPassword(errors, pool, req.Password);
    try {
      return masked(await signUp(ctx, req));
    } catch (e) {
      if (e instanceof errors.UsernameExistsError) {
        throw new errors.CognitoError(
          'UsernameExistsException',
          'An account with the given email already exists.',
        );
      }
      throw e;
    }
  });
}

interface ConfirmSignUpRequest {
  ClientId: string;
  Username: string;
}

/** Cognito's wording for a wrong confirmation code (cognito-local: "Incorrect confirmation code"). */
const codeMismatch = (errors: CognitoLocalInternals['errors']) =>
  new errors.CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');

function patchConfirmSignUp({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<ConfirmSignUpRequest, unknown>(
    targets,
    'ConfirmSignUp',
    (services, confirm) => async (ctx, req) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user && (await preventsUserExistenceErrors(services, ctx, req.ClientId)))
        throw codeMismatch(errors);
      if (user && user.UserStatus !== 'UNCONFIRMED') {
        throw new errors.NotAuthorizedError(`User cannot be confirmed. Current status is ${user.UserStatus}`);
      }
      try {
        return await confirm(ctx, req);
      } catch (e) {
        if (e instanceof errors.CodeMismatchError) throw codeMismatch(errors);
        throw e;
      }
    },
  );
}

interface InitiateAuthRequest {
  AuthFlow?: string;
}

function patchSignIn({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<InitiateAuthRequest, unknown>(
    targets,
    'InitiateAuth',
    (_services, initiateAuth) => async (ctx, req) => {
      try {
        return await initiateAuth(ctx, req);
      } catch (e) {
        // Cognito answers a wrong password and (with PreventUserExistenceErrors, as our clients have) an unknown
        // user alike, so a sign-in form cannot tell which e-mail addresses have an account.
        const wrongCredentials =
          e instanceof errors.InvalidPasswordError ||
          (e instanceof errors.NotAuthorizedError && e.message === new errors.NotAuthorizedError().message);
        if (req.AuthFlow === 'USER_PASSWORD_AUTH' && wrongCredentials) {
          throw new errors.NotAuthorizedError('Incorrect username or password.');
        }
        throw e;
      }
    },
  );
}

interface ForgotPasswordRequest {
  ClientId: string;
  Username: string;
}
interface ConfirmForgotPasswordRequest extends ForgotPasswordRequest {
  Password: string;
  ConfirmationCode: string;
}

function patchPasswordReset({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<ForgotPasswordRequest, DeliveryResponse>(
    targets,
    'ForgotPassword',
    (services, forgotPassword) => async (ctx, req) => {
      try {
        return masked(await forgotPassword(ctx, req));
      } catch (e) {
        // With PreventUserExistenceErrors (our app clients), Cognito answers an unknown user as if it had mailed.
        if (
          e instanceof errors.UserNotFoundError &&
          (await preventsUserExistenceErrors(services, ctx, req.ClientId))
        ) {
          return {
            CodeDeliveryDetails: {
              AttributeName: 'email',
              DeliveryMedium: 'EMAIL',
              Destination: maskEmail(req.Username),
            },
          };
        }
        throw e;
      }
    },
  );
  wrapTarget<ConfirmForgotPasswordRequest, unknown>(
    targets,
    'ConfirmForgotPassword',
    (services, confirm) => async (ctx, req) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user && (await preventsUserExistenceErrors(services, ctx, req.ClientId))) {
        throw codeMismatch(errors);
      }
      checkPassword(errors, pool, req.Password);
      try {
        return await confirm(ctx, req);
      } catch (e) {
        if (e instanceof errors.CodeMismatchError) throw codeMismatch(errors);
        throw e;
      }
    },
  );
}

interface ChangePasswordRequest {
  AccessToken: string;
  ProposedPassword: string;
}

function patchChangePassword({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<ChangePasswordRequest, unknown>(
    targets,
    'ChangePassword',
    (services, change) => async (ctx, req) => {
      // The token names its pool in `iss` (`<endpoint>/<pool id>`); the original target verifies the token itself.
      const poolId = issuerPoolId(req.AccessToken);
      const pool = poolId ? await services.cognito.getUserPool(ctx, poolId).catch(() => null) : null;
      if (pool) checkPassword(errors, pool, req.ProposedPassword);
      return change(ctx, req);
    },
  );
}

interface AdminSetUserPasswordRequest {
  UserPoolId: string;
  Password?: string;
}
interface AdminCreateUserRequest {
  UserPoolId: string;
  TemporaryPassword?: string;
}

/**
 * An operator's passwords meet the pool's rule as in Cognito: `AdminSetUserPassword` and a given
 * `TemporaryPassword` of `AdminCreateUser` (issue 29: the admin pool's 14 characters hold for passwords an
 * operator sets too).
 */
function patchAdminPasswords({ targets, errors }: CognitoLocalInternals): void {
  wrapTarget<AdminSetUserPasswordRequest, unknown>(
    targets,
    'AdminSetUserPassword',
    (services, setPassword) => async (ctx, req) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      checkPassword(errors, pool, req.Password);
      return setPassword(ctx, req);
    },
  );
  wrapTarget<AdminCreateUserRequest, unknown>(
    targets,
    'AdminCreateUser',
    (services, createUser) => async (ctx, req) => {
      if (req.TemporaryPassword !== undefined) {
        checkPassword(errors, await services.cognito.getUserPool(ctx, req.UserPoolId), req.TemporaryPassword);
      }
      return createUser(ctx, req);
    },
  );
}

function issuerPoolId(token: string | undefined): string | null {
  try {
    const payload = JSON.parse(
      Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as {
      iss?: unknown;
    };
    return typeof payload.iss === 'string' ? (payload.iss.split('/').pop() ?? null) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// ResendConfirmationCode

interface ResendRequest {
  ClientId: string;
  Username: string;
  ClientMetadata?: Record<string, string>;
}

function addResendConfirmationCode({ targets, errors }: CognitoLocalInternals): void {
  targets.ResendConfirmationCode = ((services: Services) =>
    async (ctx: Context, req: ResendRequest): Promise<DeliveryResponse> => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) {
        if (await preventsUserExistenceErrors(services, ctx, req.ClientId)) {
          return {
            CodeDeliveryDetails: {
              AttributeName: 'email',
              DeliveryMedium: 'EMAIL',
              Destination: maskEmail(req.Username),
            },
          };
        }
        throw new errors.UserNotFoundError('Username/client id combination not found.');
      }
      if (user.UserStatus !== 'UNCONFIRMED')
        throw new errors.InvalidParameterError('User is already confirmed.');
      const email = emailOf(user);
      if (!email) throw new errors.InvalidParameterError('User has no e-mail address to send the code to.');
      const deliveryDetails = {
        AttributeName: 'email' as const,
        DeliveryMedium: 'EMAIL' as const,
        Destination: email,
      };
      const code = services.otp();
      await services.messages.deliver(
        ctx,
        'ResendCode',
        req.ClientId,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        deliveryDetails,
      );
      await pool.saveUser(ctx, {
        ...user,
        ConfirmationCode: code,
        UserLastModifiedDate: services.clock.get(),
      });
      return masked({ CodeDeliveryDetails: deliveryDetails });
    }) as unknown as TargetFactory;
}
