/**
 * Admin accounts (issue 29 item 4) against the local admin pool, which gets the AWS admin pool's rule: passwords of
 * at least 14 characters, whoever sets them (the admin at first sign-in, an operator with `AdminSetUserPassword`),
 * while hosts keep the specification's 8. `scripts/create-admin.ts` takes no password on the command line: it has
 * Cognito mail one, or prints a temporary one once, which the admin must replace at the first sign-in. The seeded
 * demo admin still signs in.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../../functions/domain/admin-password';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../scripts/local/dynamodb-local';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { failureOf, signIn, tempWorkDir } from './support';

const run = promisify(execFile);
const work = tempWorkDir('admin-accounts-');
let stack: LocalStack;
let cognito: CognitoIdentityProviderClient;

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
});
afterAll(async () => {
  cognito?.destroy();
  await stack?.stop();
  rmSync(work.dir, { recursive: true, force: true });
});

const adminPoolId = () => stack.config.adminPool.userPoolId;
const newAdminEmail = () => `ops.${randomUUID().slice(0, 8)}@example.com`;

/** `scripts/create-admin.ts` against the local admin pool, as an operator runs it. */
async function createAdmin(...args: string[]) {
  try {
    const out = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/create-admin.ts',
        '--pool',
        adminPoolId(),
        '--endpoint',
        stack.config.cognitoEndpoint,
        '--region',
        LOCAL_REGION,
        ...args,
      ],
      {
        env: {
          ...process.env,
          AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
          AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
        },
      },
    );
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const exists = async (email: string) =>
  (await cognito
    .send(new AdminGetUserCommand({ UserPoolId: adminPoolId(), Username: email }))
    .then(() => true)
    .catch(() => false)) as boolean;

describe('the admin pool password rule', () => {
  it(`refuses an operator's password under ${ADMIN_PASSWORD_MIN_LENGTH} characters; hosts keep 8`, async () => {
    const email = newAdminEmail();
    await cognito.send(
      new AdminCreateUserCommand({ UserPoolId: adminPoolId(), Username: email, MessageAction: 'SUPPRESS' }),
    );
    const short = await failureOf(
      cognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: adminPoolId(),
          Username: email,
          Password: 'a'.repeat(ADMIN_PASSWORD_MIN_LENGTH - 1),
          Permanent: true,
        }),
      ),
    );
    expect(short.name).toBe('InvalidPasswordException');
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: adminPoolId(),
        Username: email,
        Password: 'correct horse battery',
        Permanent: true,
      }),
    );
    // The host pool's rule is the specification's.
    const host = newAdminEmail();
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.config.hostPool.userPoolId,
        Username: host,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: 'eight888',
      }),
    );
  });

  it('still lets the seeded demo admin sign in (its password meets the rule)', async () => {
    const { admin } = stack.config.demo;
    expect(admin.password.length).toBeGreaterThanOrEqual(ADMIN_PASSWORD_MIN_LENGTH);
    const tokens = await signIn(
      stack.config.cognitoEndpoint,
      stack.config.adminPool.clientId,
      admin.email,
      admin.password,
      admin.totpSecret,
    );
    expect(tokens.idToken).toMatch(/^ey/);
  });
});

describe('scripts/create-admin.ts', () => {
  it('refuses a password on the command line and creates nobody', async () => {
    const email = newAdminEmail();
    for (const args of [
      ['--email', email, '--password', 'a very long password indeed'],
      ['--email', email, '--password=a very long password indeed'],
    ]) {
      const out = await createAdmin(...args);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('not taken on the command line');
    }
    expect(await exists(email)).toBe(false);
  });

  it('prints a temporary password once; the admin must replace it with 14 characters or more', async () => {
    const email = newAdminEmail();
    const out = await createAdmin('--email', email, '--print-temporary-password');
    expect(out.code).toBe(0);
    const temporary = /^ {2}(\S+)$/m.exec(out.stdout)?.[1];
    expect(temporary).toBeDefined();
    expect(temporary!.length).toBeGreaterThanOrEqual(ADMIN_PASSWORD_MIN_LENGTH);

    const first = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.config.adminPool.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: temporary! },
      }),
    );
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (password: string) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.config.adminPool.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: first.Session,
          ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
        }),
      );
    const tooShort = await failureOf(respond('thirteen char'));
    expect(tooShort.name).toBe('InvalidPasswordException');
    const next = await respond('fourteen chars');
    // The pool requires TOTP: the next step is enrolling an authenticator.
    expect(next.ChallengeName).toBe('MFA_SETUP');
  });
});
