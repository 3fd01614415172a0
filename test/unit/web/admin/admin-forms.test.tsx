/**
 * The admin's forms and their rules (back-office spec §5, §8): host creation with `adminCreateHostSchema`'s
 * Japanese messages and the API's answers, and the admin's own password change.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthFailure } from '../../../../web/src/lib/back-office-auth/auth-client';
import { generatePassword } from '../../../../web/src/features/admin-hosts/pages/host-create-page';
import { ADMIN, hostView, renderAdmin, signedInAdmin, stubAdminApi, type ApiAnswer } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });

async function openCreate(route: Parameters<typeof stubAdminApi>[0] = () => undefined) {
  const calls = stubAdminApi(route);
  const view = renderAdmin('/admin/hosts/create', signedInAdmin());
  await screen.findByRole('heading', { name: 'ホストを作成', level: 1 }, { timeout: 15_000 });
  return { calls, ...view };
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input, textarea' });
const submit = () => user().click(screen.getByRole('button', { name: 'ホストを作成' }));

async function fillValid() {
  const u = user();
  await u.type(field(/^メールアドレス/), 'new.host@example.com');
  await u.type(field(/^パスワード/), 'a good password');
  await u.type(field(/^ビジネス名/), 'Uchiko Candle Works');
}

describe('host creation (back-office spec §5 "Admin host creation")', () => {
  it('shows the specification’s message for each rule and sends nothing', async () => {
    const { calls } = await openCreate();
    const u = user();
    await u.type(field(/^メールアドレス/), 'not an address');
    await u.type(field(/^パスワード/), 'short');
    await u.type(field(/^緯度/), '123');
    await u.type(field(/^経度/), 'east');
    // Japanese is ticked by default; untick it to leave no language.
    await u.click(screen.getByRole('checkbox', { name: '日本語' }));
    await submit();
    expect(await screen.findByText('有効なメールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードは8文字以上必要です')).toBeInTheDocument();
    expect(screen.getByText('ビジネス名は必須です')).toBeInTheDocument();
    expect(screen.getByText('言語を1つ以上選択してください')).toBeInTheDocument();
    expect(screen.getByText('緯度は-90から90の数値を入力してください')).toBeInTheDocument();
    expect(screen.getByText('経度は-180から180の数値を入力してください')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates the host with the parsed form, toasts ホストを作成しました and opens the host', async () => {
    const { calls, router } = await openCreate((method, path, body) =>
      method === 'POST' && path === '/admin/hosts'
        ? { status: 201, body: hostView({ id: 'new-host', ...(body as object) }) }
        : path === '/admin/hosts/new-host'
          ? { status: 200, body: hostView({ id: 'new-host', businessName: 'Uchiko Candle Works' }) }
          : undefined,
    );
    await fillValid();
    const u = user();
    await u.click(screen.getByRole('checkbox', { name: '英語' }));
    await u.type(field(/^自己紹介/), '  Candles by hand since 1793.  ');
    await u.type(field(/^緯度/), '33.5583');
    await submit();
    expect(await screen.findByTestId('toast')).toHaveTextContent('ホストを作成しました');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/hosts/new-host'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.authorization).toBe(`Bearer token-${ADMIN.userId}`);
    expect(post.body).toEqual({
      email: 'new.host@example.com',
      password: 'a good password',
      businessName: 'Uchiko Candle Works',
      introduction: 'Candles by hand since 1793.',
      businessDescription: null,
      businessHours: null,
      address: null,
      phone: null,
      website: null,
      locationLat: 33.5583,
      locationLng: null,
      languages: ['japanese', 'english'],
    });
  });

  it('says このメールアドレスは既に登録されています on the e-mail field when the address is taken (409)', async () => {
    await openCreate((method, path) =>
      method === 'POST' && path === '/admin/hosts'
        ? {
            status: 409,
            body: {
              error: {
                code: 'duplicate',
                message: 'このメールアドレスは既に登録されています',
                fields: { email: 'このメールアドレスは既に登録されています' },
              },
            },
          }
        : undefined,
    );
    await fillValid();
    await submit();
    const email = field(/^メールアドレス/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('このメールアドレスは既に登録されています')).toBeInTheDocument();
  });

  it('puts the API’s field messages on their fields (400), and says ホストの作成に失敗しました。 otherwise', async () => {
    let answer: ApiAnswer = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          fields: { businessName: 'ビジネス名は必須です' },
        },
      },
    };
    await openCreate((method, path) => (method === 'POST' && path === '/admin/hosts' ? answer : undefined));
    await fillValid();
    await submit();
    expect(await screen.findByText('ビジネス名は必須です')).toBeInTheDocument();

    answer = { status: 500, body: { error: { code: 'internal', message: 'boom' } } };
    fireEvent.input(field(/^ビジネス名/), { target: { value: 'Uchiko Candle Works' } });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('ホストの作成に失敗しました。');
  });

  it('generates a password of 16 characters that passes the rules, and shows it to hand over', async () => {
    await openCreate();
    await user().click(screen.getByRole('button', { name: '自動生成' }));
    const shown = await screen.findByTestId('generated-password');
    expect(shown.textContent).toHaveLength(16);
    expect(field(/^パスワード/)).toHaveValue(shown.textContent);
    const many = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(many.size).toBe(50);
    for (const p of many) expect(p).toMatch(/^[A-Za-z0-9!#$%&*+\-=?@]{16}$/);
  });
});

describe('account (back-office spec §2 "Account", §5 "Admin password change", §8)', () => {
  async function openAccount(auth = signedInAdmin()) {
    stubAdminApi();
    renderAdmin('/admin/account', auth);
    await screen.findByRole('heading', { name: 'アカウント管理', level: 1 }, { timeout: 15_000 });
    return auth;
  }
  const form = () => screen.getByRole('form', { name: 'パスワード変更' });
  const input = (name: RegExp) => within(form()).getByLabelText(name, { selector: 'input' });
  const change = () => user().click(within(form()).getByRole('button', { name: 'パスワードを更新' }));

  it('shows the e-mail address and the role 管理者', async () => {
    await openAccount();
    expect(screen.getByTestId('admin-email')).toHaveTextContent(ADMIN.email);
    expect(screen.getByText('管理者')).toBeInTheDocument();
  });

  it('checks the fields with the specification’s messages before asking Cognito', async () => {
    const auth = await openAccount();
    const u = user();
    await u.type(input(/^新しいパスワード \*/), 'short');
    await u.type(input(/^新しいパスワード（確認）/), 'shorter');
    await change();
    expect(await screen.findByText('現在のパスワードを入力してください')).toBeInTheDocument();
    expect(screen.getByText('新しいパスワードは8文字以上必要です')).toBeInTheDocument();
    expect(screen.getByText('確認用パスワードは8文字以上必要です')).toBeInTheDocument();

    await u.clear(input(/^新しいパスワード（確認）/));
    await u.type(input(/^新しいパスワード（確認）/), 'a different one');
    await u.clear(input(/^新しいパスワード \*/));
    await u.type(input(/^新しいパスワード \*/), 'a long new password');
    await change();
    expect(await screen.findByText('新しいパスワードと確認用パスワードが一致しません')).toBeInTheDocument();
    expect(auth.calls).not.toContain('updatePassword');
  });

  it('changes the password: パスワードを更新しました; a wrong current one is said on its field', async () => {
    const auth = await openAccount();
    const u = user();
    await u.type(input(/^現在のパスワード/), 'not it');
    await u.type(input(/^新しいパスワード \*/), 'a long new password');
    await u.type(input(/^新しいパスワード（確認）/), 'a long new password');
    await change();
    expect(await screen.findByText('現在のパスワードが正しくありません')).toBeInTheDocument();

    await u.clear(input(/^現在のパスワード/));
    await u.type(input(/^現在のパスワード/), ADMIN.password);
    await change();
    expect(await screen.findByTestId('toast')).toHaveTextContent('パスワードを更新しました');
    expect(auth.users[0]!.password).toBe('a long new password');
    await waitFor(() => expect(input(/^現在のパスワード/)).toHaveValue(''));
  });

  it('says パスワードの更新に失敗しました。 when Cognito fails', async () => {
    const auth = await openAccount();
    auth.failNext.updatePassword = new AuthFailure('InternalErrorException', 'boom');
    const u = user();
    await u.type(input(/^現在のパスワード/), ADMIN.password);
    await u.type(input(/^新しいパスワード \*/), 'a long new password');
    await u.type(input(/^新しいパスワード（確認）/), 'a long new password');
    await change();
    expect(await screen.findByTestId('toast')).toHaveTextContent('パスワードの更新に失敗しました。');
  });

  it('says サインアウトに失敗しました。 when sign-out fails', async () => {
    const auth = await openAccount();
    auth.failNext.signOut = new AuthFailure('NetworkError', 'offline');
    await user().click(screen.getByRole('button', { name: 'サインアウト' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('サインアウトに失敗しました。');
  });
});
