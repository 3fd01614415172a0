/**
 * Host sign-up through the local pool behaves as in AWS (issue 8, DESIGN §4b): the confirmation and reset codes
 * arrive as mails in the local outbox, written by the custom-message trigger; confirming runs the post-confirmation
 * handler that creates the host profile with the business name given at sign-up; the pre-sign-up trigger refuses
 * the e-mail of an existing host with the specification's message; the admin pool refuses self sign-up.
 *
 * Everything goes over real HTTP: the Cognito API of the patched cognito-local, which calls the triggers through
 * the stack's Lambda endpoint, which runs the same handler modules as Lambda against DynamoDB Local. The last part
 * drives the same flows with Amplify v6, exactly as the host SPA calls it.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import { completeTotpSetup } from '../../../scripts/local/cognito-sign-in';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';
import { LOCAL_MAIL_FROM, startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { makeHost } from '../../support/fakes/fixtures';
import { failureOf, signIn, tempWorkDir } from './support';

const DUPLICATE = 'このメールアドレスは既に登録されています';
const SIGN_UP_SUBJECT = '【Ehime Experiences】ホスト登録の確認コード';
const RESET_SUBJECT = '【Ehime Experiences】パスワード再設定の確認コード';

const work = tempWorkDir('host-sign-up-');
let stack: LocalStack;
let cognito: CognitoIdentityProviderClient;
let doc: DynamoDBDocumentClient;
let repo: DynamoRepositories;

beforeAll(async () => {
  stack = await startLocalStack({
    dataDir: join(work.dir, 'data'),
    port: 0,
    webRoot: work.webRoot,
    expiryIntervalMs: 60 * 60_000,
  });
  cognito = new CognitoIdentityProviderClient({
    endpoint: stack.config.cognitoEndpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  repo = createDynamoRepositories({ doc, tableName: stack.config.tableName });
});

afterAll(async () => {
  cognito?.destroy();
  doc?.destroy();
  await stack?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers

interface OutboxMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

async function mailsTo(address: string): Promise<OutboxMail[]> {
  const res = await fetch(`${stack.config.sesEndpoint}/store`);
  const { emails } = (await res.json()) as { emails: OutboxMail[] };
  return emails.filter((m) => m.destination.to.includes(address));
}

/** The code of the latest mail with this subject to this address, as a host would read it. */
async function codeFromMail(address: string, subject: string): Promise<string> {
  const mails = (await mailsTo(address)).filter((m) => m.subject === subject);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no "${subject}" mail to ${address}`);
  const code = /確認コード[\s\S]*?>(\d{6})</.exec(mail.body.html ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.jp`;
const hostClientId = () => stack.config.hostPool.clientId;

function signUp(email: string, password: string, businessName?: string, clientId = hostClientId()) {
  return cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        ...(businessName === undefined ? [] : [{ Name: 'custom:business_name', Value: businessName }]),
      ],
    }),
  );
}

async function hostUserExists(email: string): Promise<boolean> {
  try {
    await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.config.hostPool.userPoolId, Username: email }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'UserNotFoundException') return false;
    throw e;
  }
}

const subOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

// ---------------------------------------------------------------------------------------------------------------

describe('host sign-up through the local pool', () => {
  it('mails the code, creates the profile with the business name on confirmation, and signs in to the host API', async () => {
    const email = uniqueEmail('dogo-guide');
    const signedUp = await signUp(email, 'onsen-walks', '道後まちあるきガイド');
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails).toEqual({
      AttributeName: 'email',
      DeliveryMedium: 'EMAIL',
      Destination: 'd***@e***',
    });

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ from: LOCAL_MAIL_FROM, subject: SIGN_UP_SUBJECT });
    expect(mail!.body.html).toContain('道後まちあるきガイド 様');
    expect(mail!.body.html).not.toContain('{####}');
    const code = await codeFromMail(email, SIGN_UP_SUBJECT);
    expect(code).toMatch(/^\d{6}$/);

    // Not confirmed yet: no profile, and no sign-in.
    expect(await repo.hosts.getByEmail(email)).toBeNull();
    expect(
      (await failureOf(signIn(stack.config.cognitoEndpoint, hostClientId(), email, 'onsen-walks'))).name,
    ).toBe('UserNotConfirmedException');

    const wrong = code === '000000' ? '111111' : '000000';
    const mismatch = await failureOf(
      cognito.send(
        new ConfirmSignUpCommand({ ClientId: hostClientId(), Username: email, ConfirmationCode: wrong }),
      ),
    );
    expect(mismatch).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect(await repo.hosts.getByEmail(email)).toBeNull();

    const confirm = () =>
      cognito.send(
        new ConfirmSignUpCommand({ ClientId: hostClientId(), Username: email, ConfirmationCode: code }),
      );
    await confirm();
    expect(await failureOf(confirm())).toEqual({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    const tokens = await signIn(stack.config.cognitoEndpoint, hostClientId(), email, 'onsen-walks');
    const sub = subOf(tokens.idToken);
    expect(signedUp.UserSub).toBe(sub);

    const profile = await repo.hosts.get(sub);
    expect(profile).toMatchObject({
      id: sub,
      email,
      businessName: '道後まちあるきガイド',
      languages: ['japanese'],
      cancellationPolicy: { days: 7, refundPercentage: 100 },
    });
    expect((await repo.hosts.getByEmail(email.toUpperCase()))?.id).toBe(sub);

    // The local server's authorizers: the host's tokens pass the host routes' and not the admin routes'.
    for (const token of [tokens.idToken, tokens.accessToken]) {
      const authorized = await stack.authorizer.authorize('host', `Bearer ${token}`);
      expect(authorized?.claims.sub).toBe(sub);
      expect(await stack.authorizer.authorize('admin', `Bearer ${token}`)).toBeNull();
    }
  });

  it('sends a new code on request, and the new code confirms', async () => {
    const email = uniqueEmail('resend');
    await signUp(email, 'long-enough', 'Resend Tours');
    const first = await codeFromMail(email, SIGN_UP_SUBJECT);
    const resent = await cognito.send(
      new ResendConfirmationCodeCommand({ ClientId: hostClientId(), Username: email }),
    );
    expect(resent.CodeDeliveryDetails?.Destination).toBe('r***@e***');
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await codeFromMail(email, SIGN_UP_SUBJECT);
    if (second !== first) {
      const stale = await failureOf(
        cognito.send(
          new ConfirmSignUpCommand({ ClientId: hostClientId(), Username: email, ConfirmationCode: first }),
        ),
      );
      expect(stale.name).toBe('CodeMismatchException');
    }
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: hostClientId(), Username: email, ConfirmationCode: second }),
    );
    expect((await repo.hosts.getByEmail(email))?.businessName).toBe('Resend Tours');

    const again = await failureOf(
      cognito.send(new ResendConfirmationCodeCommand({ ClientId: hostClientId(), Username: email })),
    );
    expect(again).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });

  it('refuses the e-mail of an existing host: Cognito’s own duplicate, in any letter case, and the pre-sign-up trigger’s', async () => {
    const demo = stack.config.demo.host.email;
    for (const email of [demo, demo.toUpperCase()]) {
      const taken = await failureOf(signUp(email, 'another-password', 'Copycat'));
      expect(taken).toEqual({
        name: 'UsernameExistsException',
        message: 'An account with the given email already exists.',
      });
    }

    // A host profile whose e-mail has no user in the pool (an administrator's host whose account was removed):
    // only the pre-sign-up trigger knows it.
    const email = uniqueEmail('profile-only');
    await repo.hosts.create(makeHost({ id: randomUUID(), email }));
    const refused = await failureOf(signUp(email.toUpperCase(), 'another-password', 'Copycat'));
    expect(refused).toEqual({
      name: 'UserLambdaValidationException',
      message: `PreSignUp failed with error ${DUPLICATE}.`,
    });
    expect(await hostUserExists(email)).toBe(false);
    expect(await mailsTo(email.toUpperCase())).toEqual([]);
  });

  it('refuses a password under the specification’s 8 characters, with Cognito’s wording, and creates nothing', async () => {
    const email = uniqueEmail('short');
    const refused = await failureOf(signUp(email, 'seven77', 'Short'));
    expect(refused).toEqual({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect(await hostUserExists(email)).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('names a host who gave no business name after the e-mail, as the profile screen expects one', async () => {
    const email = uniqueEmail('nameless');
    const { UserSub } = await signUp(email, 'long-enough');
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: hostClientId(),
        Username: email,
        ConfirmationCode: await codeFromMail(email, SIGN_UP_SUBJECT),
      }),
    );
    expect((await repo.hosts.get(UserSub!))?.businessName).toBe(email.split('@')[0]);
  });
});

describe('password reset through the local pool', () => {
  it('mails the reset code; the new password signs in, the old one no longer does, and no second profile appears', async () => {
    const email = uniqueEmail('forgetful');
    const { UserSub } = await signUp(email, 'first-password', 'Forgetful Tours');
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: hostClientId(),
        Username: email,
        ConfirmationCode: await codeFromMail(email, SIGN_UP_SUBJECT),
      }),
    );
    const hostsBefore = (await repo.counters.adminDashboard(new Date().toISOString().slice(0, 7))).totalHosts;

    const sent = await cognito.send(new ForgotPasswordCommand({ ClientId: hostClientId(), Username: email }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: 'f***@e***' });
    const code = await codeFromMail(email, RESET_SUBJECT);
    expect((await mailsTo(email)).at(-1)!.body.html).toContain('Forgetful Tours 様');

    const tooShort = await failureOf(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: hostClientId(),
          Username: email,
          ConfirmationCode: code,
          Password: 'short',
        }),
      ),
    );
    expect(tooShort.name).toBe('InvalidPasswordException');

    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: hostClientId(),
        Username: email,
        ConfirmationCode: code,
        Password: 'second-password',
      }),
    );
    const tokens = await signIn(stack.config.cognitoEndpoint, hostClientId(), email, 'second-password');
    expect(subOf(tokens.idToken)).toBe(UserSub);
    expect(
      await failureOf(signIn(stack.config.cognitoEndpoint, hostClientId(), email, 'first-password')),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });

    expect((await repo.hosts.get(UserSub!))?.businessName).toBe('Forgetful Tours');
    const hostsAfter = (await repo.counters.adminDashboard(new Date().toISOString().slice(0, 7))).totalHosts;
    expect(hostsAfter).toBe(hostsBefore);
  });

  it('answers an unknown e-mail as if it had mailed (no account enumeration) and mails nobody', async () => {
    const email = uniqueEmail('nobody');
    expect(
      await failureOf(signIn(stack.config.cognitoEndpoint, hostClientId(), email, 'any-password')),
    ).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const sent = await cognito.send(new ForgotPasswordCommand({ ClientId: hostClientId(), Username: email }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: 'n***@e***' });
    expect(await mailsTo(email)).toEqual([]);
    const confirm = await failureOf(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: hostClientId(),
          Username: email,
          ConfirmationCode: '123456',
          Password: 'whatever-password',
        }),
      ),
    );
    expect(confirm.name).toBe('CodeMismatchException');
    const confirmSignUp = await failureOf(
      cognito.send(
        new ConfirmSignUpCommand({ ClientId: hostClientId(), Username: email, ConfirmationCode: '123456' }),
      ),
    );
    expect(confirmSignUp.name).toBe('CodeMismatchException');
  });
});

describe('the admin pool', () => {
  it('refuses self sign-up', async () => {
    const email = uniqueEmail('would-be-admin');
    const refused = await failureOf(signUp(email, 'long-enough', 'Admin?', stack.config.adminPool.clientId));
    expect(refused).toEqual({
      name: 'NotAuthorizedException',
      message: 'SignUp is not permitted for this user pool',
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('mails an invited admin Cognito’s default invitation (no host trigger runs), and its users get no host profile', async () => {
    const email = uniqueEmail('ops');
    const { adminPool } = stack.config;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: adminPool.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    const [invitation] = await mailsTo(email);
    expect(invitation).toMatchObject({ from: LOCAL_MAIL_FROM, subject: 'Your temporary password' });
    const temporary = /temporary password is (\S+)\.$/.exec(invitation!.body.text ?? '')?.[1];
    expect(temporary).toBeDefined();

    const challenge = await cognito.send(
      new InitiateAuthCommand({
        ClientId: adminPool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: temporary! },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const newPassword = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: adminPool.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'admin-password' },
      }),
    );
    // The admin pool requires TOTP: after the new password comes the authenticator's enrolment.
    expect(newPassword.ChallengeName).toBe('MFA_SETUP');
    const { tokens } = await completeTotpSetup(cognito, adminPool.clientId, email, newPassword.Session);
    const answered = { AuthenticationResult: tokens };
    const sub = subOf(answered.AuthenticationResult!.IdToken!);
    expect(
      await stack.authorizer.authorize('admin', `Bearer ${answered.AuthenticationResult!.IdToken}`),
    ).not.toBeNull();
    expect(await repo.hosts.get(sub)).toBeNull();
    expect(await repo.hosts.getByEmail(email)).toBeNull();
  });
});

describe('what the host SPA does (Amplify v6, USER_PASSWORD_AUTH against the local pool)', () => {
  it('signs up, confirms, signs in, resets the password, and sees the errors it maps to the duplicate message', async () => {
    const { Amplify } = await import('aws-amplify');
    const auth = await import('aws-amplify/auth');
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: stack.config.hostPool.userPoolId,
          userPoolClientId: stack.config.hostPool.clientId,
          userPoolEndpoint: stack.config.cognitoEndpoint,
        },
      },
    });
    const email = uniqueEmail('amplify');

    const signedUp = await auth.signUp({
      username: email,
      password: 'amplify-password',
      options: { userAttributes: { email, 'custom:business_name': '内子和紙工房' } },
    });
    expect(signedUp.isSignUpComplete).toBe(false);
    expect(signedUp.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');

    const confirmed = await auth.confirmSignUp({
      username: email,
      confirmationCode: await codeFromMail(email, SIGN_UP_SUBJECT),
    });
    expect(confirmed.isSignUpComplete).toBe(true);
    expect((await repo.hosts.get(signedUp.userId!))?.businessName).toBe('内子和紙工房');

    const signedIn = await auth.signIn({
      username: email,
      password: 'amplify-password',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(signedIn.isSignedIn).toBe(true);
    const session = await auth.fetchAuthSession();
    const idToken = session.tokens?.idToken?.toString();
    expect((await stack.authorizer.authorize('host', `Bearer ${idToken}`))?.claims.sub).toBe(signedUp.userId);
    await auth.signOut();

    const reset = await auth.resetPassword({ username: email });
    expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
    await auth.confirmResetPassword({
      username: email,
      confirmationCode: await codeFromMail(email, RESET_SUBJECT),
      newPassword: 'amplify-password-2',
    });
    const again = await auth.signIn({
      username: email,
      password: 'amplify-password-2',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(again.isSignedIn).toBe(true);
    await auth.signOut();

    // The two failures the registration screen shows as このメールアドレスは既に登録されています.
    const existingUser = await failureOf(
      auth.signUp({ username: email, password: 'whatever-password', options: { userAttributes: { email } } }),
    );
    expect(existingUser.name).toBe('UsernameExistsException');
    const profileOnly = uniqueEmail('amplify-profile-only');
    await repo.hosts.create(makeHost({ id: randomUUID(), email: profileOnly }));
    const preSignUpRefusal = await failureOf(
      auth.signUp({
        username: profileOnly,
        password: 'whatever-password',
        options: { userAttributes: { email: profileOnly, 'custom:business_name': 'x' } },
      }),
    );
    expect(preSignUpRefusal).toEqual({
      name: 'UserLambdaValidationException',
      message: `PreSignUp failed with error ${DUPLICATE}.`,
    });
  });
});
