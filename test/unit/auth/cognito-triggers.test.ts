/**
 * The host pool's Cognito triggers as Cognito calls them: the event in, the event (or an error Cognito shows the
 * client) out. The e-mail check runs against the in-memory host repository; the handlers' own paths run with
 * DynamoDB pointed at a closed port, so any table access they should not make fails for real.
 */
import type { CustomMessageTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import { handler as customMessage } from '../../../functions/auth/custom-message';
import { handler as postConfirmation } from '../../../functions/auth/post-confirmation';
import { handler as preSignUp } from '../../../functions/auth/pre-sign-up';
import { isDomainError } from '../../../functions/domain/errors';
import { makeCheckHostSignUp } from '../../../functions/use-cases/check-host-sign-up';
import { makeHost } from '../../support/fakes/fixtures';
import { InMemoryHostRepository } from '../../support/fakes/in-memory-repositories';

const DUPLICATE = 'このメールアドレスは既に登録されています';

const UNREACHABLE = {
  STAGE: 'local',
  AWS_REGION: 'ap-northeast-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_MAX_ATTEMPTS: '1',
  TABLE_NAME: 'marketplace-test',
  // Port 9 (discard) is closed on the test machine: every call is refused at once.
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
};

beforeEach(() => {
  for (const [name, value] of Object.entries(UNREACHABLE)) vi.stubEnv(name, value);
  resetRuntimeAdapters();
});
afterEach(() => {
  resetRuntimeAdapters();
  vi.unstubAllEnvs();
});

const base = {
  version: '1',
  region: 'ap-northeast-1',
  userPoolId: 'ap-northeast-1_hosts',
  userName: '4f1c2f0e-0000-4000-8000-000000000001',
  callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'web-client' },
};

function preSignUpEvent(
  triggerSource: PreSignUpTriggerEvent['triggerSource'],
  email = 'new-host@example.jp',
): PreSignUpTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: { userAttributes: { email, 'custom:business_name': '道後ガイド' } },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

function customMessageEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  userAttributes: Record<string, string> = { email: 'host@example.jp', 'custom:business_name': '道後ガイド' },
): CustomMessageTriggerEvent {
  return {
    ...base,
    triggerSource,
    request: {
      userAttributes,
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('the duplicate e-mail check of a host sign-up', () => {
  const hosts = new InMemoryHostRepository();
  beforeAll(async () => {
    await hosts.create(makeHost({ id: 'host-1', email: 'Owner@Uchiko.jp' }));
  });
  const check = makeCheckHostSignUp({ hosts });

  it('refuses the e-mail of an existing host profile, whatever its letter case, with the specification’s message', async () => {
    for (const email of ['Owner@Uchiko.jp', 'owner@uchiko.jp', ' OWNER@UCHIKO.JP ']) {
      const error = await check({ email }).catch((e: unknown) => e);
      expect(isDomainError(error), email).toBe(true);
      expect(error).toMatchObject({ code: 'duplicate', message: DUPLICATE, fields: { email: DUPLICATE } });
    }
  });

  it('lets a new e-mail through', async () => {
    await expect(check({ email: 'someone-else@uchiko.jp' })).resolves.toBeUndefined();
  });
});

describe('pre-sign-up trigger', () => {
  it('reads the table for a self sign-up, and fails closed when it cannot (Cognito then refuses the sign-up)', async () => {
    await expect(preSignUp(preSignUpEvent('PreSignUp_SignUp'))).rejects.toThrow();
  });

  it('leaves an administrator’s AdminCreateUser to the admin use case, without reading the table', async () => {
    const event = preSignUpEvent('PreSignUp_AdminCreateUser');
    const copy = structuredClone(event);
    await expect(preSignUp(event)).resolves.toEqual(copy);
  });

  it('never confirms or verifies anything itself: the e-mail is verified by the code', async () => {
    const event = preSignUpEvent('PreSignUp_ExternalProvider');
    const out = await preSignUp(event);
    expect(out.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
  });
});

describe('custom-message trigger', () => {
  it('writes the sign-up code mail in Japanese, with the product name and Cognito’s placeholder exactly once', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const) {
      const out = await customMessage(customMessageEvent(source));
      expect(out.response.emailSubject).toBe('【Ehime Experiences】ホスト登録の確認コード');
      const html = out.response.emailMessage!;
      expect(html.split('{####}')).toHaveLength(2);
      expect(html).toContain('道後ガイド 様');
      expect(html).toContain('有効期限は24時間');
      expect(html).toContain('<html lang="ja">');
      // Cognito refuses a custom e-mail message over 20,000 characters.
      expect(html.length).toBeLessThan(20_000);
      expect(out.response.smsMessage).toBeNull();
    }
  });

  it('writes the password-reset code mail, valid one hour', async () => {
    const out = await customMessage(customMessageEvent('CustomMessage_ForgotPassword'));
    expect(out.response.emailSubject).toBe('【Ehime Experiences】パスワード再設定の確認コード');
    expect(out.response.emailMessage!.split('{####}')).toHaveLength(2);
    expect(out.response.emailMessage).toContain('有効期限は1時間');
  });

  it('writes the e-mail verification code mail for an address change', async () => {
    for (const source of [
      'CustomMessage_UpdateUserAttribute',
      'CustomMessage_VerifyUserAttribute',
    ] as const) {
      const out = await customMessage(customMessageEvent(source));
      expect(out.response.emailSubject).toBe('【Ehime Experiences】メールアドレス確認の確認コード');
      expect(out.response.emailMessage!.split('{####}')).toHaveLength(2);
    }
  });

  it('escapes the business name and keeps a name that looks like a placeholder from taking the code', async () => {
    const out = await customMessage(
      customMessageEvent('CustomMessage_SignUp', {
        email: 'host@example.jp',
        'custom:business_name': '<b>Dogo</b> {####} & Co',
      }),
    );
    const html = out.response.emailMessage!;
    expect(html).toContain('&lt;b&gt;Dogo&lt;/b&gt;  &amp; Co 様');
    expect(html).not.toContain('<b>Dogo</b>');
    expect(html.split('{####}')).toHaveLength(2);
  });

  it('greets a host without a business name generically', async () => {
    const out = await customMessage(customMessageEvent('CustomMessage_SignUp', { email: 'host@example.jp' }));
    expect(out.response.emailMessage).toContain('ホスト様');
  });

  it('writes an administrator’s invitation in Japanese, with the sign-in name and temporary password once each', async () => {
    const out = await customMessage(customMessageEvent('CustomMessage_AdminCreateUser'));
    expect(out.response.emailSubject).toBe('【Ehime Experiences】ホストアカウントが作成されました');
    const html = out.response.emailMessage!;
    expect(html.split('{####}')).toHaveLength(2);
    expect(html.split('{username}')).toHaveLength(2);
    expect(html).toContain('仮パスワード');
    expect(html).toContain('仮パスワードの有効期限は3日間です');
  });

  it('leaves an MFA code to the pool’s own templates', async () => {
    const out = await customMessage(customMessageEvent('CustomMessage_Authentication'));
    expect(out.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

describe('post-confirmation trigger', () => {
  const event = (triggerSource: string, userAttributes: Record<string, string>) => ({
    ...base,
    triggerSource,
    request: { userAttributes },
    response: {},
  });

  it('returns a password-reset confirmation unchanged, without reading the table', async () => {
    const reset = event('PostConfirmation_ConfirmForgotPassword', { email: 'host@example.jp', sub: 'u1' });
    await expect(postConfirmation(reset)).resolves.toBe(reset);
  });

  it('fails a sign-up confirmation it cannot record, so the client learns the profile was not created', async () => {
    await expect(
      postConfirmation(event('PostConfirmation_ConfirmSignUp', { email: 'host@example.jp', sub: 'u1' })),
    ).rejects.toThrow();
    await expect(postConfirmation(event('PostConfirmation_ConfirmSignUp', { sub: 'u1' }))).rejects.toThrow(
      /no e-mail/,
    );
  });
});
