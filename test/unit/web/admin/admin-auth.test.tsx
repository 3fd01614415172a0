import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthFailure } from '../../../../web/src/lib/back-office-auth/auth-client';
import { FAKE_TOTP_CODE, FAKE_TOTP_SECRET } from '../host/support';
import { adminPool, ADMIN, FakeAuthClient, renderAdmin, signedInAdmin, stubAdminApi } from './support';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="robots"]')?.remove();
});

const user = () => userEvent.setup({ delay: null });
/** The password input (the show/hide button's name starts with パスワード too). */
const passwordInput = () => screen.getByLabelText(/^パスワード/, { selector: 'input' });

async function signIn(email: string, password: string) {
  const u = user();
  await u.type(await screen.findByLabelText(/メールアドレス/), email);
  await u.type(passwordInput(), password);
  await u.click(screen.getByRole('button', { name: 'サインイン' }));
}

describe('admin sign-in (back-office spec §2, §8)', () => {
  it('is noindex and in Japanese; wrong credentials say 認証エラー (メールアドレスまたはパスワードが正しくありません)', async () => {
    const calls = stubAdminApi();
    const auth = adminPool();
    renderAdmin('/admin/signin', auth);
    await signIn(ADMIN.email, 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('認証エラー');
    expect(alert).toHaveTextContent('メールアドレスまたはパスワードが正しくありません');
    expect(auth.session).toBeNull();
    expect(calls).toHaveLength(0);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    expect(document.title).toContain('管理者サインイン');
    // A host who came to the wrong page finds their own sign-in.
    expect(screen.getByRole('link', { name: 'ホストログイン' })).toHaveAttribute('href', '/host/signin');
  });

  it('an address the admin pool does not know (a host’s) gets the same 認証エラー, without asking anyone else', async () => {
    const calls = stubAdminApi();
    renderAdmin('/admin/signin', adminPool());
    await signIn('host@example.com', 'DemoHost#2025');
    expect(await screen.findByRole('alert')).toHaveTextContent('認証エラー');
    expect(calls).toHaveLength(0);
  });

  it('asks for both fields before calling the pool', async () => {
    stubAdminApi();
    const auth = adminPool();
    renderAdmin('/admin/signin', auth);
    await user().click(await screen.findByRole('button', { name: 'サインイン' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(auth.calls).not.toContain('signIn');
  });

  it('signs in, checks the session with the admin API, toasts サインイン成功 and opens the dashboard', async () => {
    const calls = stubAdminApi((method, path) =>
      path === '/admin/dashboard'
        ? {
            status: 200,
            body: {
              totalBookings: 3,
              bookingsThisMonth: 1,
              totalHosts: 2,
              month: '2026-11',
              pendingRequests: 0,
              nextDeadlines: [],
            },
          }
        : undefined,
    );
    const auth = adminPool();
    const { router } = renderAdmin('/admin/signin', auth);
    await signIn(ADMIN.email, ADMIN.password);
    expect(await screen.findByTestId('toast')).toHaveTextContent('サインイン成功');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(calls.find((c) => c.path === '/admin/me')?.authorization).toBe(`Bearer token-${ADMIN.userId}`);
  });

  it('signs an account the admin API refuses out again: アクセス拒否 (このメールアドレスは管理者として登録されていません)', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/me' ? { status: 401, body: { message: 'Unauthorized' } } : undefined,
    );
    const auth = adminPool();
    const { router } = renderAdmin('/admin/signin', auth);
    await signIn(ADMIN.email, ADMIN.password);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('アクセス拒否');
    expect(alert).toHaveTextContent('このメールアドレスは管理者として登録されていません');
    expect(auth.session).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/signin');
  });

  it('says ユーザー情報の取得に失敗しました and signs out when the admin API cannot answer', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/me' ? { status: 503, body: { message: 'Service Unavailable' } } : undefined,
    );
    const auth = adminPool();
    renderAdmin('/admin/signin', auth);
    await signIn(ADMIN.email, ADMIN.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('ユーザー情報の取得に失敗しました');
    expect(auth.session).toBeNull();
  });

  it('says サインインに失敗しました for a failure it cannot name, and explains a disabled admin account', async () => {
    stubAdminApi();
    const auth = adminPool();
    renderAdmin('/admin/signin', auth);
    auth.failNext.signIn = new AuthFailure('InternalErrorException', 'boom');
    await signIn(ADMIN.email, ADMIN.password);
    expect(await screen.findByRole('alert')).toHaveTextContent('サインインに失敗しました');

    auth.failNext.signIn = new AuthFailure('NotAuthorizedException', 'User is disabled.');
    await user().click(screen.getByRole('button', { name: 'サインイン' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('無効化されています'));
    expect(screen.getByRole('alert')).toHaveTextContent('アクセス拒否');
  });

  it('sends a visitor without a session to sign-in, and back to where they were going afterwards', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/bookings' ? { status: 200, body: { items: [], search: 'list' } } : undefined,
    );
    const { router } = renderAdmin('/admin/bookings?status=pending', adminPool());
    await screen.findByRole('button', { name: 'サインイン' });
    expect(router.state.location.pathname).toBe('/admin/signin');
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/admin/bookings?status=pending')}`,
    );
    await signIn(ADMIN.email, ADMIN.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/bookings'));
    expect(router.state.location.search).toBe('?status=pending');
  });

  it('never follows a return address outside the admin area', async () => {
    stubAdminApi();
    const { router } = renderAdmin(
      `/admin/signin?next=${encodeURIComponent('/host/dashboard')}`,
      adminPool(),
    );
    await signIn(ADMIN.email, ADMIN.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('/admin/auth leads to sign-in, and /admin to the dashboard', async () => {
    stubAdminApi();
    const { router } = renderAdmin('/admin/auth', adminPool());
    await screen.findByRole('button', { name: 'サインイン' });
    expect(router.state.location.pathname).toBe('/admin/signin');

    const second = renderAdmin('/admin', signedInAdmin());
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('lets an account created with a temporary password set its own first', async () => {
    stubAdminApi();
    const auth = new FakeAuthClient();
    auth.addUser({ email: 'ops@example.jp', password: 'Temp#1234', temporary: true, userId: 'ops' });
    const { router } = renderAdmin('/admin/signin', auth);
    await signIn('ops@example.jp', 'Temp#1234');
    await screen.findByRole('heading', { name: '新しいパスワードの設定' });
    const u = user();
    await u.type(screen.getByLabelText(/^新しいパスワード \*/), 'short');
    await u.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'different');
    await u.click(screen.getByRole('button', { name: '設定してサインイン' }));
    expect(await screen.findByText('新しいパスワードは8文字以上必要です')).toBeInTheDocument();
    expect(screen.getByText('新しいパスワードと確認用パスワードが一致しません')).toBeInTheDocument();
    await u.clear(screen.getByLabelText(/^新しいパスワード \*/));
    await u.type(screen.getByLabelText(/^新しいパスワード \*/), 'a long new password');
    await u.clear(screen.getByLabelText(/^新しいパスワード（確認）/));
    await u.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'a long new password');
    await u.click(screen.getByRole('button', { name: '設定してサインイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(auth.users[0]!.password).toBe('a long new password');
  });
});

describe('admin sign-in with TOTP (DESIGN §4d)', () => {
  it('enrols an authenticator at first sign-in: QR code and key, a wrong code refused, then the dashboard', async () => {
    stubAdminApi();
    const auth = new FakeAuthClient();
    auth.addUser({ email: 'ops@example.jp', password: 'ops-password', mfa: 'setup', userId: 'ops' });
    const { router } = renderAdmin('/admin/signin', auth);
    await signIn('ops@example.jp', 'ops-password');
    await screen.findByRole('heading', { name: '二段階認証の設定' });
    expect(await screen.findByRole('img', { name: '認証アプリで読み取るQRコード' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(screen.getByLabelText('セットアップキー')).toHaveTextContent(
      FAKE_TOTP_SECRET.replace(/(.{4})(?=.)/g, '$1 '),
    );
    const u = user();
    const code = () => screen.getByLabelText(/^確認コード（6桁）/);
    await u.type(code(), '12');
    await u.click(screen.getByRole('button', { name: '設定してサインイン' }));
    expect(
      await screen.findByText('認証アプリに表示されている6桁の数字を入力してください'),
    ).toBeInTheDocument();
    await u.clear(code());
    await u.type(code(), '000000');
    await u.click(screen.getByRole('button', { name: '設定してサインイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('確認コードが正しくありません');
    expect(router.state.location.pathname).toBe('/admin/signin');
    await u.clear(code());
    await u.type(code(), FAKE_TOTP_CODE);
    await u.click(screen.getByRole('button', { name: '設定してサインイン' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(auth.users[0]!.mfa).toBe('enrolled');
  });

  it('asks an enrolled admin for the code after the password', async () => {
    stubAdminApi();
    const auth = new FakeAuthClient();
    auth.addUser({ email: 'ops@example.jp', password: 'ops-password', mfa: 'enrolled', userId: 'ops' });
    const { router } = renderAdmin('/admin/signin', auth);
    await signIn('ops@example.jp', 'ops-password');
    await screen.findByRole('heading', { name: '二段階認証' });
    const u = user();
    await u.type(screen.getByLabelText(/^確認コード（6桁）/), '654321');
    await u.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('確認コードが正しくありません');
    await u.clear(screen.getByLabelText(/^確認コード（6桁）/));
    await u.type(screen.getByLabelText(/^確認コード（6桁）/), FAKE_TOTP_CODE);
    await u.click(screen.getByRole('button', { name: '確認' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('starts again from the password when the pool’s sign-in session has ended', async () => {
    stubAdminApi();
    const auth = new FakeAuthClient();
    auth.addUser({ email: 'ops@example.jp', password: 'ops-password', mfa: 'enrolled', userId: 'ops' });
    auth.failNext.confirmTotp = new AuthFailure(
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
    );
    renderAdmin('/admin/signin', auth);
    await signIn('ops@example.jp', 'ops-password');
    await screen.findByRole('heading', { name: '二段階認証' });
    const u = user();
    await u.type(screen.getByLabelText(/^確認コード（6桁）/), FAKE_TOTP_CODE);
    await u.click(screen.getByRole('button', { name: '確認' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('最初からやり直してください');
    expect(screen.getByRole('heading', { name: '管理者サインイン' })).toBeInTheDocument();
  });
});

describe('admin shell', () => {
  it('shows the specification’s sidebar entries and signs out', async () => {
    stubAdminApi();
    const auth = signedInAdmin();
    const { router } = renderAdmin('/admin/account', auth);
    // jsdom has no media queries: the phone layout, whose sidebar opens from the menu button.
    await user().click(await screen.findByRole('button', { name: 'メニューを開く' }));
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'ダッシュボード',
      '予約一覧',
      'ホスト一覧',
      '問い合わせ',
      'オファー',
      '支払',
      'メール送信エラー',
      '口コミ',
      'アカウント管理',
    ]);
    expect(within(nav).getByRole('link', { name: 'アカウント管理' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent(ADMIN.email);
    await user().click(screen.getByRole('button', { name: 'サインアウト' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signin'));
    expect(auth.session).toBeNull();
  });

  it('a 401 from the admin API ends the session and leads to sign-in, back to the page afterwards', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/me' ? { status: 401, body: { message: 'Unauthorized' } } : undefined,
    );
    const auth = signedInAdmin();
    const { router } = renderAdmin('/admin/hosts', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signin'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/hosts')}`);
    expect(auth.session).toBeNull();
  });

  it('a 403 from the admin API signs out with アクセス拒否', async () => {
    stubAdminApi((method, path) =>
      path === '/admin/me'
        ? { status: 403, body: { error: { code: 'forbidden', message: 'Forbidden' } } }
        : undefined,
    );
    const auth = signedInAdmin();
    const { router } = renderAdmin('/admin/dashboard', auth);
    expect(await screen.findByTestId('toast')).toHaveTextContent('アクセス拒否');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signin'));
    expect(auth.session).toBeNull();
  });

  it('an unknown admin address shows the back office’s not-found page', async () => {
    stubAdminApi();
    renderAdmin('/admin/no-such-screen', signedInAdmin());
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });
});
