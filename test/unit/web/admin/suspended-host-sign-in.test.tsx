/**
 * A host an admin suspended, at the host sign-in (issue 10 item 5): in AWS Cognito refuses a disabled user with
 * `NotAuthorizedException` "User is disabled."; locally cognito-local lets the sign-in through and the host API
 * answers 403 `not_a_host` with the suspension's message. Both must say what happened and whom to ask (issue 21
 * item 10), never only 「ホスト権限を持っていません」, and leave the account signed out.
 */
import { screen } from '@testing-library/react';
import { HOST_ACCOUNT_SUSPENDED_MESSAGE } from '@domain/repository-messages';
import userEvent from '@testing-library/user-event';
import { AuthFailure } from '../../../../web/src/lib/back-office-auth/auth-client';
import {
  authErrorMessage,
  isInvalidCredentials,
  isUserDisabled,
  NOT_A_HOST_MESSAGE,
} from '../../../../web/src/lib/back-office-auth/auth-messages';
import { FakeAuthClient, renderHost, stubHostApi } from '../host/support';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const disabled = () => new AuthFailure('NotAuthorizedException', 'User is disabled.');

async function signInAsHost() {
  const u = userEvent.setup({ delay: null });
  await u.type(await screen.findByLabelText(/メールアドレス/), 'host@example.com');
  await u.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'DemoHost#2025');
  await u.click(screen.getByRole('button', { name: 'ログイン' }));
}

function pool() {
  const auth = new FakeAuthClient();
  auth.addUser({ email: 'host@example.com', password: 'DemoHost#2025', userId: 'sub-1' });
  return auth;
}

describe('the shared sign-in error mapping', () => {
  it('tells a disabled user from a wrong password, though Cognito names both NotAuthorizedException', () => {
    expect(isUserDisabled(disabled())).toBe(true);
    expect(isInvalidCredentials(disabled())).toBe(false);
    expect(authErrorMessage(disabled(), 'fallback')).toBe(HOST_ACCOUNT_SUSPENDED_MESSAGE);
    const wrong = new AuthFailure('NotAuthorizedException', 'Incorrect username or password.');
    expect(isUserDisabled(wrong)).toBe(false);
    expect(isInvalidCredentials(wrong)).toBe(true);
  });
});

describe('a suspended host signing in', () => {
  it('in AWS (Cognito refuses the disabled user): suspended, and whom to ask', async () => {
    const calls = stubHostApi();
    const auth = pool();
    auth.failNext.signIn = disabled();
    renderHost('/host/signin', auth);
    await signInAsHost();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(HOST_ACCOUNT_SUSPENDED_MESSAGE);
    expect(alert).toHaveTextContent('一時停止');
    expect(alert).toHaveTextContent('運営までお問い合わせください');
    expect(alert).not.toHaveTextContent(NOT_A_HOST_MESSAGE);
    expect(alert).not.toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(auth.session).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('locally (the host API answers 403 not_a_host): the suspension message, signed out again', async () => {
    stubHostApi((method, path) =>
      path === '/host/me'
        ? {
            status: 403,
            body: { error: { code: 'not_a_host', message: HOST_ACCOUNT_SUSPENDED_MESSAGE } },
          }
        : undefined,
    );
    const auth = pool();
    const { router } = renderHost('/host/signin', auth);
    await signInAsHost();
    expect(await screen.findByRole('alert')).toHaveTextContent(HOST_ACCOUNT_SUSPENDED_MESSAGE);
    expect(auth.session).toBeNull();
    expect(router.state.location.pathname).toBe('/host/signin');
  });
});
