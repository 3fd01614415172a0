import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthFailure } from '../../../../web/src/lib/back-office-auth/auth-client';
import {
  DEMO_HOST_VIEW,
  imageFile,
  presignedUploads,
  renderHost,
  signedInHost,
  stubHostApi,
  stubObjectUrls,
  stubStorage,
  type ApiRoute,
} from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null, applyAccept: false });

function api(extra: ApiRoute = () => undefined) {
  const uploads = presignedUploads();
  return stubHostApi(
    (method, path, body, request) => uploads(method, path) ?? extra(method, path, body, request),
  );
}

async function openProfile(auth = signedInHost()) {
  renderHost('/host/profile', auth);
  await screen.findByRole('heading', { name: 'プロフィール設定' }, { timeout: 15_000 });
  return auth;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('profile form (back-office spec §2, §8)', () => {
  it('saves only what changed and says so', async () => {
    const calls = api((method, path, body) =>
      method === 'PATCH' && path === '/host/me'
        ? { status: 200, body: { ...DEMO_HOST_VIEW, ...(body as object) } }
        : undefined,
    );
    await openProfile();
    const profile = section('プロフィール');
    const name = within(profile).getByRole('textbox', { name: /^ビジネス名/ });
    expect(name).toHaveValue('Setouchi Local Guides');
    fireEvent.input(name, { target: { value: ' ' } });
    fireEvent.blur(name);
    expect(await within(profile).findByText('ビジネス名を入力してください')).toBeInTheDocument();
    fireEvent.input(name, { target: { value: 'Setouchi Local Guides' } });
    const intro = within(profile).getByRole('textbox', { name: /^自己紹介/ });
    fireEvent.input(intro, { target: { value: 'Small private tours in Matsuyama.' } });
    await user().click(within(profile).getByRole('button', { name: 'プロフィールを保存' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('プロフィール情報を更新しました');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      introduction: 'Small private tours in Matsuyama.',
    });
  });

  it('edits languages, phone, website and business description with Japanese messages (issue 21)', async () => {
    const calls = api((method, path, body) =>
      method === 'PATCH' && path === '/host/me'
        ? { status: 200, body: { ...DEMO_HOST_VIEW, ...(body as object) } }
        : undefined,
    );
    await openProfile();
    const profile = section('プロフィール');
    const u = user();
    const phone = within(profile).getByRole('textbox', { name: /^電話番号/ });
    await u.type(phone, '12');
    const website = within(profile).getByRole('textbox', { name: /^ウェブサイト/ });
    await u.type(website, 'dogo-guides.example.jp');
    await u.click(within(profile).getByRole('checkbox', { name: '日本語' }));
    await u.click(within(profile).getByRole('checkbox', { name: '英語' }));
    await u.click(within(profile).getByRole('button', { name: 'プロフィールを保存' }));
    expect(await within(profile).findByText(/有効な電話番号を入力してください/)).toBeInTheDocument();
    expect(
      within(profile).getByText('http:// または https:// で始まるURLを入力してください'),
    ).toBeInTheDocument();
    expect(within(profile).getByText('対応言語を1つ以上選択してください')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await u.clear(phone);
    await u.type(phone, '089-123-4567');
    await u.clear(website);
    await u.type(website, 'https://dogo-guides.example.jp');
    await u.click(within(profile).getByRole('checkbox', { name: '中国語' }));
    await u.type(within(profile).getByRole('textbox', { name: /^事業内容/ }), 'Licensed travel agency.');
    await u.click(within(profile).getByRole('button', { name: 'プロフィールを保存' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('プロフィール情報を更新しました');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      languages: ['chinese'],
      phone: '+81 89 123 4567',
      website: 'https://dogo-guides.example.jp',
      businessDescription: 'Licensed travel agency.',
    });
  });

  it('says プロフィール情報の更新に失敗しました when the save fails', async () => {
    api((method) => (method === 'PATCH' ? { status: 500, body: { message: 'boom' } } : undefined));
    await openProfile();
    const profile = section('プロフィール');
    fireEvent.input(within(profile).getByRole('textbox', { name: /^営業時間/ }), {
      target: { value: '9-17' },
    });
    await user().click(within(profile).getByRole('button', { name: 'プロフィールを保存' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('プロフィール情報の更新に失敗しました');
  });
});

describe('avatar (back-office spec §5, §8)', () => {
  it('checks the file with the specification’s messages', async () => {
    api();
    stubObjectUrls();
    await openProfile();
    const u = user();
    // Nothing chosen: the upload button waits for a file and says so.
    const uploadButton = await screen.findByRole('button', { name: 'アップロード' });
    expect(uploadButton).toBeDisabled();
    expect(uploadButton).toHaveAccessibleDescription('画像を選択してください');
    await u.upload(
      screen.getByLabelText('アバター画像を選択'),
      new File(['x'], 'a.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('画像ファイルのみアップロード可能です');
    await u.upload(
      screen.getByLabelText('アバター画像を選択'),
      imageFile('big.png', 5 * 1024 * 1024 + 1, 'image/png'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('画像サイズは5MB以下にしてください');
  });

  it('previews, uploads to storage, attaches it and says 更新完了 / アバター画像を更新しました', async () => {
    const calls = api((method, path, body) =>
      method === 'PUT' && path === '/host/me/avatar'
        ? {
            status: 200,
            body: { ...DEMO_HOST_VIEW, avatarUrl: `/images/avatars/${(body as { key: string }).key}.webp` },
          }
        : undefined,
    );
    stubObjectUrls();
    const posts = stubStorage();
    await openProfile();
    const u = user();
    await u.upload(screen.getByLabelText('アバター画像を選択'), imageFile('me.jpg'));
    expect(screen.getByRole('img', { name: '選択した画像のプレビュー' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(screen.getByText('me.jpg（プレビュー中・未保存）')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'アップロード' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('更新完了');
    expect(toast).toHaveTextContent('アバター画像を更新しました');
    expect(calls.find((c) => c.path === '/host/uploads')!.body).toEqual({
      purpose: 'avatar',
      contentType: 'image/jpeg',
      size: 2048,
    });
    expect(posts[0]!.file?.name).toBe('me.jpg');
    expect(calls.find((c) => c.path === '/host/me/avatar')!.body).toEqual({ key: 'uploads/sub-1/1' });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Setouchi Local Guides のアバター' })).toHaveAttribute(
        'src',
        '/images/avatars/uploads/sub-1/1.webp',
      ),
    );
  });

  it('says アップロードしたファイルの検証に失敗しました when the API finds it is not an image', async () => {
    api((method, path) =>
      method === 'PUT' && path === '/host/me/avatar'
        ? { status: 400, body: { error: { code: 'validation_failed', message: 'Not an image' } } }
        : undefined,
    );
    stubObjectUrls();
    stubStorage();
    await openProfile();
    const u = user();
    await u.upload(screen.getByLabelText('アバター画像を選択'), imageFile('fake.jpg'));
    await u.click(screen.getByRole('button', { name: 'アップロード' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'アップロードしたファイルの検証に失敗しました',
    );
  });
});

describe('password change (back-office spec §5, §8, in Japanese)', () => {
  it('checks the three fields, the wrong current password, and changes it', async () => {
    api();
    const auth = await openProfile();
    const form = section('パスワード変更');
    const u = user();
    const input = (name: RegExp) => within(form).getByLabelText(name, { selector: 'input' });
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText('現在のパスワードを入力してください')).toBeInTheDocument();
    expect(within(form).getByText('新しいパスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(within(form).getByText('確認用パスワードは8文字以上で入力してください')).toBeInTheDocument();

    await u.type(input(/^現在のパスワード/), 'not my password');
    await u.type(input(/^新しいパスワード \*/), 'a new password');
    await u.type(input(/^新しいパスワード（確認）/), 'a new passwort');
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(
      await within(form).findByText('新しいパスワードと確認用パスワードが一致しません'),
    ).toBeInTheDocument();

    await u.clear(input(/^新しいパスワード（確認）/));
    await u.type(input(/^新しいパスワード（確認）/), 'a new password');
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText('現在のパスワードが正しくありません')).toBeInTheDocument();

    await u.clear(input(/^現在のパスワード/));
    await u.type(input(/^現在のパスワード/), 'DemoHost#2025');
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('パスワードを変更しました');
    expect(auth.users[0]!.password).toBe('a new password');
    expect(input(/^現在のパスワード/)).toHaveValue('');
  });

  it('says the current password is wrong when the local pool answers InvalidPasswordException for it', async () => {
    api();
    const auth = await openProfile();
    const form = section('パスワード変更');
    const u = user();
    const input = (name: RegExp) => within(form).getByLabelText(name, { selector: 'input' });
    await u.type(input(/^現在のパスワード/), 'not my password');
    await u.type(input(/^新しいパスワード \*/), 'a new password');
    await u.type(input(/^新しいパスワード（確認）/), 'a new password');
    // cognito-local's ChangePassword: a wrong previous password is `InvalidPasswordException` "Invalid password".
    auth.failNext.updatePassword = new AuthFailure('InvalidPasswordException', 'Invalid password');
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText('現在のパスワードが正しくありません')).toBeInTheDocument();
    expect(within(form).queryByText(/要件を満たしていません/)).not.toBeInTheDocument();

    auth.failNext.updatePassword = new AuthFailure(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
    await u.click(within(form).getByRole('button', { name: 'パスワードを変更' }));
    expect(await within(form).findByText(/パスワードが要件を満たしていません/)).toBeInTheDocument();
  });
});
