/**
 * The pieces that make cognito-local behave like Cognito, short of a running emulator (the full flows run in
 * test/integration/local/host-sign-up.int.test.ts): the internals our patches wrap still exist in the installed
 * cognito-local, the mail Cognito would send for a message, Cognito's answers (masked destinations, password
 * policy wording), the Lambda Invoke protocol cognito-local's SDK reads, and which pool's events reach a handler.
 */
import { resetRuntimeAdapters } from '../../../functions/adapters/runtime/adapters';
import {
  checkInternals,
  cognitoMail,
  installCognitoLocalPatches,
  loadCognitoLocalInternals,
  type CognitoMail,
  maskEmail,
  passwordPolicyViolation,
} from '../../../scripts/local/cognito-local-patches';
import { cognitoLocalConfig } from '../../../scripts/local/cognito-local';
import { hostPoolTriggers, TRIGGER_FUNCTIONS } from '../../../scripts/local/cognito-triggers';
import { startLambdaInvokeServer, type LambdaInvokeServer } from '../../../scripts/local/lambda-invoke';

describe('the cognito-local internals the local stack patches', () => {
  it('are all present in the installed version', () => {
    const internals = loadCognitoLocalInternals();
    expect(internals.version).toMatch(/^5\./);
    expect(() => checkInternals(internals)).not.toThrow();
  });

  it('fail loudly, naming what moved and the file to adapt, when an upgrade changes them', () => {
    const internals = loadCognitoLocalInternals();
    const moved = {
      ...internals,
      consoleSender: { prototype: {} },
      targets: { ...internals.targets, ForgotPassword: undefined },
    } as unknown as typeof internals;
    expect(() => checkInternals(moved)).toThrow(
      /ConsoleMessageSender\.prototype\.sendEmail, Targets\.ForgotPassword: scripts\/local\/cognito-local-patches\.ts/,
    );
  });
});

describe('the patched mail delivery of cognito-local', () => {
  // Patches cognito-local's modules in this worker only; nothing else here runs cognito-local in-process.
  const internals = loadCognitoLocalInternals();
  const sent: CognitoMail[] = [];
  let failNext = false;
  beforeAll(() => {
    const options = {
      sendMail: async (mail: CognitoMail) => {
        if (failNext) throw new Error('outbox down');
        sent.push(mail);
      },
    };
    installCognitoLocalPatches(internals, options);
    installCognitoLocalPatches(internals, options);
  });
  const Sender = internals.consoleSender as unknown as new () => {
    sendEmail(ctx: unknown, user: unknown, destination: string, message: object): Promise<void>;
  };
  const ctx = () => ({ logger: { info: vi.fn(), error: vi.fn(), debug: vi.fn(), warn: vi.fn() } });
  const user = { Username: 'u1', UserStatus: 'UNCONFIRMED', Attributes: [] };

  it('keeps cognito-local’s console line and sends the mail once to the outbox, even when installed twice', async () => {
    sent.length = 0;
    const context = ctx();
    await new Sender().sendEmail(context, user, 'host@example.jp', {
      __code: '123456',
      emailSubject: '件名',
      emailMessage: '<p>123456</p>',
    });
    expect(context.logger.info).toHaveBeenCalledWith(expect.stringContaining('Code:'));
    expect(sent).toEqual([{ to: 'host@example.jp', subject: '件名', html: '<p>123456</p>' }]);
  });

  it('answers CodeDeliveryFailureException when the outbox cannot take the mail', async () => {
    failNext = true;
    try {
      const error = await new Sender()
        .sendEmail(ctx(), user, 'host@example.jp', { __code: '1' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(internals.errors.CognitoError);
      expect(error).toMatchObject({ code: 'CodeDeliveryFailureException' });
    } finally {
      failNext = false;
    }
  });
});

describe('the mail Cognito sends for a message', () => {
  it('is the custom message (HTML) with its subject when the trigger wrote one', () => {
    const mail = cognitoMail({ UserStatus: 'UNCONFIRMED' }, 'host@example.jp', {
      __code: '123456',
      emailSubject: '【Ehime Experiences】ホスト登録の確認コード',
      emailMessage: '<p>確認コード：123456</p>',
    });
    expect(mail).toEqual({
      to: 'host@example.jp',
      subject: '【Ehime Experiences】ホスト登録の確認コード',
      html: '<p>確認コード：123456</p>',
    });
  });

  it('is Cognito’s default text otherwise: a verification code, or an administrator’s invitation', () => {
    expect(cognitoMail({ UserStatus: 'UNCONFIRMED' }, 'a@example.jp', { __code: '654321' })).toEqual({
      to: 'a@example.jp',
      subject: 'Your verification code',
      text: 'Your verification code is 654321.',
    });
    expect(
      cognitoMail({ UserStatus: 'FORCE_CHANGE_PASSWORD' }, 'ops@example.jp', {
        __code: 'Tmp!pw1',
        emailMessage: '',
      }),
    ).toEqual({
      to: 'ops@example.jp',
      subject: 'Your temporary password',
      text: 'Your username is ops@example.jp and temporary password is Tmp!pw1.',
    });
  });
});

describe('Cognito’s answers', () => {
  it('masks a delivery destination as Cognito does', () => {
    expect(maskEmail('host@example.jp')).toBe('h***@e***');
    expect(maskEmail('not-an-address')).toBe('n***');
  });

  it('words a password the policy refuses as Cognito does', () => {
    const specification = { MinimumLength: 8 };
    expect(passwordPolicyViolation(specification, 'abcdefgh')).toBeNull();
    expect(passwordPolicyViolation(specification, 'abcdefg')).toBe('Password not long enough');
    // Characters, not UTF-16 units: an emoji is one character.
    expect(passwordPolicyViolation(specification, '😀😀😀😀😀😀😀')).toBe('Password not long enough');
    const strict = {
      MinimumLength: 8,
      RequireUppercase: true,
      RequireLowercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    };
    expect(passwordPolicyViolation(strict, 'abcdefgh')).toBe('Password must have uppercase characters');
    expect(passwordPolicyViolation(strict, 'ABCDEFGH')).toBe('Password must have lowercase characters');
    expect(passwordPolicyViolation(strict, 'Abcdefgh')).toBe('Password must have numeric characters');
    expect(passwordPolicyViolation(strict, 'Abcdefg1')).toBe('Password must have symbol characters');
    expect(passwordPolicyViolation(strict, 'Abcdef1!')).toBeNull();
    expect(passwordPolicyViolation(undefined, 'x')).toBeNull();
  });
});

describe('cognito-local’s config', () => {
  it('names the trigger functions and the Lambda endpoint that runs them', () => {
    expect(
      cognitoLocalConfig({
        triggers: { lambdaEndpoint: 'http://127.0.0.1:4000', functions: TRIGGER_FUNCTIONS },
      }),
    ).toEqual({
      LambdaClient: {
        endpoint: 'http://127.0.0.1:4000',
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      },
      TriggerFunctions: {
        PreSignUp: 'PreSignUp',
        CustomMessage: 'CustomMessage',
        PostConfirmation: 'PostConfirmation',
      },
    });
    expect(cognitoLocalConfig({}).TriggerFunctions).toEqual({});
  });
});

describe('the local Lambda Invoke endpoint', () => {
  let lambda: LambdaInvokeServer;
  const calls: unknown[] = [];
  beforeAll(async () => {
    lambda = await startLambdaInvokeServer({
      functions: (name) =>
        ({
          Echo: async (event: unknown) => {
            calls.push(event);
            return { echoed: event };
          },
          Refuse: async () => {
            throw new Error('このメールアドレスは既に登録されています');
          },
        })[name],
    });
  });
  afterAll(() => lambda.stop());

  const invoke = (name: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${lambda.endpoint}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('answers a result as Lambda does: 200 with the JSON payload', async () => {
    const res = await invoke('Echo', JSON.stringify({ userPoolId: 'p1' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBeNull();
    expect(res.headers.get('x-amz-executed-version')).toBe('$LATEST');
    expect(await res.json()).toEqual({ echoed: { userPoolId: 'p1' } });
  });

  it('accepts a function ARN as the name', async () => {
    const res = await invoke('arn:aws:lambda:local:000000000000:function:Echo', '{}');
    expect(res.status).toBe(200);
  });

  it('answers a handler that throws with 200, X-Amz-Function-Error and the error message (what Cognito shows)', async () => {
    const res = await invoke('Refuse', '{}');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await res.json()).toMatchObject({
      errorType: 'Error',
      errorMessage: 'このメールアドレスは既に登録されています',
    });
  });

  it('answers an unknown function with 404 ResourceNotFoundException and a body that is not JSON with 400', async () => {
    const missing = await invoke('Nope', '{}');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    const broken = await invoke('Echo', '{not json');
    expect(broken.status).toBe(400);
    expect(broken.headers.get('x-amzn-errortype')).toBe('InvalidRequestContentException');
  });

  it('answers an Event invocation with 202 and runs the function after', async () => {
    calls.length = 0;
    const res = await invoke('Echo', JSON.stringify({ async: true }), { 'x-amz-invocation-type': 'Event' });
    expect(res.status).toBe(202);
    await vi.waitFor(() => expect(calls).toEqual([{ async: true }]));
  });
});

describe('which pool’s trigger events reach the handlers', () => {
  // No handler environment: a handler that ran would throw for the missing TABLE_NAME.
  beforeEach(() => {
    vi.stubEnv('TABLE_NAME', undefined);
    resetRuntimeAdapters();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetRuntimeAdapters();
  });
  const functions = hostPoolTriggers({ hostPoolId: () => 'local_hosts' });
  const context = {} as never;

  it('runs nothing for an unknown function name', () => {
    expect(functions('SomethingElse')).toBeUndefined();
  });

  it('gives an admin pool’s (or any other pool’s) events back unchanged, as a pool without triggers', async () => {
    for (const name of Object.values(TRIGGER_FUNCTIONS)) {
      const event = {
        userPoolId: 'local_admins',
        triggerSource: 'PostConfirmation_ConfirmSignUp',
        userName: 'u1',
        request: { userAttributes: { email: 'admin@example.com', sub: 'u1' } },
        response: {},
      };
      await expect(functions(name)!(event, context)).resolves.toBe(event);
    }
  });

  it('hands the host pool’s events to the handler', async () => {
    const event = {
      userPoolId: 'local_hosts',
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userName: 'u1',
      request: { userAttributes: { email: 'host@example.com', sub: 'u1' } },
      response: {},
    };
    await expect(functions('PostConfirmation')!(event, context)).rejects.toThrow(/environment/i);
  });
});
