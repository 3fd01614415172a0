import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthFailure } from '../../../../web/src/lib/back-office-auth/auth-client';
import { FakeAuthClient, renderHost, signedInHost, stubHostApi } from './support';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="robots"]')?.remove();
});

function pool() {
  const auth = new FakeAuthClient();
  auth.addUser({ email: 'host@example.com', password: 'DemoHost#2025', userId: 'sub-1' });
  return auth;
}

const user = () => userEvent.setup({ delay: null });
/** The password input (the show/hide button's name starts with パスワード too). */
const passwordInput = () => screen.getByLabelText(/^パスワード/, { selector: 'input' });

describe('host sign-in (back-office spec §2, §8)', () => {
  it('is noindex and in Japanese; wrong credentials say ログインエラー / メールアドレスまたはパスワードが正しくありません', async () => {
    stubHostApi();
    const auth = pool();
    renderHost('/host/signin', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'host@example.com');
    await u.type(passwordInput(), 'wrong password');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ログインエラー');
    expect(alert).toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(auth.session).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('asks for both fields before calling the pool', async () => {
    stubHostApi();
    const auth = pool();
    renderHost('/host/signin', auth);
    await user().click(await screen.findByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(auth.calls).not.toContain('signIn');
  });

  it('signs in, toasts ログイン成功 / ダッシュボードへ移動します and opens the dashboard', async () => {
    const calls = stubHostApi();
    const auth = pool();
    const { router } = renderHost('/host/signin', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'host@example.com');
    await u.type(passwordInput(), 'DemoHost#2025');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('ログイン成功');
    expect(toast).toHaveTextContent('ダッシュボードへ移動します');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/dashboard'));
    // The host check carried the session's ID token.
    expect(calls.find((c) => c.path === '/host/me')?.authorization).toBe('Bearer token-sub-1');
  });

  it('signs an account without a host profile out again: このアカウントはホスト権限を持っていません。', async () => {
    stubHostApi((method, path) =>
      path === '/host/me'
        ? {
            status: 403,
            body: { error: { code: 'not_a_host', message: 'このアカウントはホスト権限を持っていません。' } },
          }
        : undefined,
    );
    const auth = pool();
    const { router } = renderHost('/host/signin', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'host@example.com');
    await u.type(passwordInput(), 'DemoHost#2025');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'このアカウントはホスト権限を持っていません。',
    );
    expect(auth.session).toBeNull();
    expect(router.state.location.pathname).toBe('/host/signin');
  });

  it('sends a visitor without a session to sign-in, and back to where they were going afterwards', async () => {
    stubHostApi();
    const auth = pool();
    const { router } = renderHost('/host/bookings?status=pending', auth);
    await screen.findByRole('button', { name: 'ログイン' });
    expect(router.state.location.pathname).toBe('/host/signin');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/host/bookings?status=pending')}`);
    const u = user();
    await u.type(screen.getByLabelText(/メールアドレス/), 'host@example.com');
    await u.type(passwordInput(), 'DemoHost#2025');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/bookings'));
    expect(router.state.location.search).toBe('?status=pending');
  });

  it('never follows a return address outside the host area', async () => {
    stubHostApi();
    const auth = pool();
    const { router } = renderHost(`/host/signin?next=${encodeURIComponent('//evil.example/host/x')}`, auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'host@example.com');
    await u.type(passwordInput(), 'DemoHost#2025');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/dashboard'));
  });

  it('/host/auth leads to sign-in, and /host to the dashboard', async () => {
    stubHostApi();
    const { router } = renderHost('/host/auth', pool());
    await screen.findByRole('button', { name: 'ログイン' });
    expect(router.state.location.pathname).toBe('/host/signin');

    const second = renderHost('/host', signedInHost());
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/host/dashboard'));
  });

  it('lets an administrator-created account set its own password first', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    auth.addUser({ email: 'new@example.com', password: 'Temp#1234', temporary: true });
    const { router } = renderHost('/host/signin', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'new@example.com');
    await u.type(passwordInput(), 'Temp#1234');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    await screen.findByRole('heading', { name: '新しいパスワードの設定' });
    await u.type(screen.getByLabelText(/^新しいパスワード \*/), 'my own password');
    await u.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'my own password');
    await u.click(screen.getByRole('button', { name: '設定してログイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/dashboard'));
    expect(auth.users[0]!.password).toBe('my own password');
  });
});

describe('session', () => {
  it('a 401 from the API signs the host out and sends them to sign-in, back to the page afterwards', async () => {
    stubHostApi((method, path) =>
      path === '/host/me' ? { status: 401, body: { message: 'Unauthorized' } } : undefined,
    );
    const auth = signedInHost();
    const { router } = renderHost('/host/profile', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/signin'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/host/profile')}`);
    expect(await screen.findByTestId('toast')).toHaveTextContent('セッションの有効期限が切れました');
    expect(auth.session).toBeNull();
  });

  it('a session ended by the provider (refresh token revoked) leads to sign-in', async () => {
    stubHostApi();
    const auth = signedInHost();
    const { router } = renderHost('/host/dashboard', auth);
    await screen.findByRole('button', { name: 'メニューを開く' });
    auth.endSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/signin'));
  });

  it('the shell shows the sidebar entries and signs out', async () => {
    stubHostApi();
    const auth = signedInHost();
    const { router } = renderHost('/host/dashboard', auth);
    // jsdom has no media queries: the phone layout, whose sidebar opens from the menu button.
    await user().click(await screen.findByRole('button', { name: 'メニューを開く' }));
    expect(await screen.findByTestId('signed-in-user')).toHaveTextContent('host@example.com');
    for (const name of ['ダッシュボード', '体験一覧', '予約一覧', 'プロフィール設定']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    await user().click(screen.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/signin'));
    expect(auth.session).toBeNull();
  });
});

describe('host registration (back-office spec §2, §5, §8)', () => {
  async function fillRegistration(u: ReturnType<typeof user>, values: Record<string, string>) {
    await u.type(await screen.findByLabelText(/^ビジネス名/), values.businessName ?? 'Ozu Cormorant Tours');
    await u.type(screen.getByLabelText(/^メールアドレス/), values.email ?? 'ozu@example.com');
    await u.type(screen.getByLabelText(/^パスワード \*/), values.password ?? 'a good password');
    await u.type(screen.getByLabelText(/^パスワード（確認）/), values.confirmation ?? 'a good password');
  }

  it('says パスワードが一致しません when the confirmation differs', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    renderHost('/host/signup', auth);
    const u = user();
    await fillRegistration(u, { confirmation: 'another password' });
    await u.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('パスワードが一致しません')).toBeInTheDocument();
    expect(auth.calls).not.toContain('signUp');
  });

  it('says このメールアドレスは既に登録されています for a taken address (PreSignUp trigger or pool)', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    auth.failNext.signUp = new AuthFailure(
      'UserLambdaValidationException',
      'PreSignUp failed with error このメールアドレスは既に登録されています.',
    );
    renderHost('/host/signup', auth);
    const u = user();
    await fillRegistration(u, {});
    await u.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByText('このメールアドレスは既に登録されています')).toBeInTheDocument();
  });

  it('confirms the code, signs in, toasts 登録完了 / アカウントが作成されました and opens the dashboard', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    const { router } = renderHost('/host/signup', auth);
    const u = user();
    await fillRegistration(u, {});
    await u.click(screen.getByRole('button', { name: '登録する' }));
    await screen.findByRole('heading', { name: 'メールアドレスの確認' });
    expect(screen.getByText(/ローカル環境では/)).toBeInTheDocument();

    await u.type(screen.getByLabelText(/^確認コード/), '999999');
    await u.click(screen.getByRole('button', { name: '確認して登録を完了' }));
    expect(await screen.findByText('確認コードが正しくありません')).toBeInTheDocument();

    await u.clear(screen.getByLabelText(/^確認コード/));
    await u.type(screen.getByLabelText(/^確認コード/), auth.lastCode!);
    await u.click(screen.getByRole('button', { name: '確認して登録を完了' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('登録完了');
    expect(toast).toHaveTextContent('アカウントが作成されました');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/dashboard'));
    expect(auth.users[0]).toMatchObject({ email: 'ozu@example.com', businessName: 'Ozu Cormorant Tours' });
  });
});

describe('an unconfirmed host finds the code step again (issue 21 item 10)', () => {
  it('keeps the code step across a reload, with コードを再送信, and confirms without the password', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    const first = renderHost('/host/signup', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/^ビジネス名/), 'Ozu Cormorant Tours');
    await u.type(screen.getByLabelText(/^メールアドレス/), 'ozu@example.com');
    await u.type(screen.getByLabelText(/^パスワード \*/), 'a good password');
    await u.type(screen.getByLabelText(/^パスワード（確認）/), 'a good password');
    await u.click(screen.getByRole('button', { name: '登録する' }));
    await screen.findByRole('heading', { name: 'メールアドレスの確認' });
    // A reload keeps the history entry (its address and state); a fresh app is started on it.
    const entry = first.router.state.location;
    expect(entry.state).toEqual({ email: 'ozu@example.com', confirm: true });
    first.unmount();
    const reloaded = renderHost(entry.pathname, auth, entry.state).router;
    await screen.findByRole('heading', { name: 'メールアドレスの確認' });
    await u.click(screen.getByRole('button', { name: 'コードを再送信' }));
    expect(await screen.findByText('確認コードを再送信しました')).toBeInTheDocument();
    expect(auth.calls).toContain('resendSignUpCode');
    await u.type(screen.getByLabelText(/^確認コード/), auth.lastCode!);
    await u.click(screen.getByRole('button', { name: '確認して登録を完了' }));
    await waitFor(() => expect(reloaded.state.location.pathname).toBe('/host/signin'));
    expect(auth.users[0]).toMatchObject({ email: 'ozu@example.com', confirmed: true });
  });

  it('signing in with the unconfirmed account leads to the code step', async () => {
    stubHostApi();
    const auth = new FakeAuthClient();
    await auth.signUp({ email: 'ozu@example.com', password: 'a good password', businessName: 'Ozu' });
    const { router } = renderHost('/host/signin', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/メールアドレス/), 'ozu@example.com');
    await u.type(passwordInput(), 'a good password');
    await u.click(screen.getByRole('button', { name: 'ログイン' }));
    await screen.findByRole('heading', { name: 'メールアドレスの確認' });
    expect(router.state.location.pathname).toBe('/host/signup');
    expect(screen.getByRole('button', { name: 'コードを再送信' })).toBeInTheDocument();
  });
});

describe('forgot password (works, unlike the specification’s button)', () => {
  it('sends a code and sets the new password, then signs in with it', async () => {
    stubHostApi();
    const auth = pool();
    const { router } = renderHost('/host/forgot-password', auth);
    const u = user();
    await u.type(await screen.findByLabelText(/^メールアドレス/), 'host@example.com');
    await u.click(screen.getByRole('button', { name: '確認コードを送信' }));
    expect(await screen.findByText('host@example.com に確認コードを送信しました。')).toBeInTheDocument();
    await u.type(screen.getByLabelText(/^確認コード/), auth.lastCode!);
    await u.type(screen.getByLabelText(/^新しいパスワード \*/), 'brand new pass');
    await u.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'brand new pass');
    await u.click(screen.getByRole('button', { name: 'パスワードを再設定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/signin'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('パスワードを再設定しました');
    expect(auth.users[0]!.password).toBe('brand new pass');
    // The address is carried over to sign-in.
    expect(await screen.findByLabelText(/メールアドレス/)).toHaveValue('host@example.com');
  });

  it('answers an unknown address like a known one', async () => {
    stubHostApi();
    renderHost('/host/forgot-password', pool());
    const u = user();
    await u.type(await screen.findByLabelText(/^メールアドレス/), 'nobody@example.com');
    await u.click(screen.getByRole('button', { name: '確認コードを送信' }));
    expect(await screen.findByText('nobody@example.com に確認コードを送信しました。')).toBeInTheDocument();
  });
});
