import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CATEGORIES,
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
  return stubHostApi((method, path, body, request) => {
    if (path === '/categories') return { status: 200, body: { items: CATEGORIES } };
    return uploads(method, path) ?? extra(method, path, body, request);
  });
}

/** The API that creates what is posted (and lists nothing, for the page the form returns to). */
const apiThatCreates = () =>
  api((method, path, body) =>
    method === 'POST' && path === '/host/experiences'
      ? { status: 201, body: { ...(body as object), id: 'exp-new' } }
      : path === '/host/experiences'
        ? { status: 200, body: { items: [] } }
        : undefined,
  );

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

/** Sets a text field the way typing would, without typing character by character (jsdom is slow at that). */
function setText(element: HTMLElement, value: string) {
  fireEvent.input(element, { target: { value } });
  fireEvent.blur(element);
}

async function openCreate() {
  const rendered = renderHost('/host/experience/create', signedInHost());
  // The first render compiles the whole form: give it time.
  await screen.findByRole('heading', { name: '新しい体験を作成' }, { timeout: 15_000 });
  return rendered;
}

describe('create experience (back-office spec §2, §5, in Japanese)', () => {
  it('lists the sections in the specification’s order', async () => {
    api();
    await openCreate();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      '基本情報',
      '地図',
      'メイン画像',
      '詳細',
      '事前に知っておくこと',
      '追加情報',
      '参加人数',
      '営業時間・定休日',
      '公開設定',
    ]);
  });

  it('says what is missing on submit and sends nothing', async () => {
    const calls = api();
    await openCreate();
    await user().click(screen.getByRole('button', { name: '体験を作成' }));
    for (const message of [
      'タイトルを入力してください',
      '料金を入力してください',
      '郵便番号を入力してください',
      '都道府県を入力してください',
      '市区町村を入力してください',
      '地区を入力してください',
      '番地を入力してください',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.method === 'POST' && c.path === '/host/experiences')).toBe(false);
  });

  it('checks the price: digits only, 0 or more', async () => {
    api();
    await openCreate();
    setText(field(/^大人料金/), '-5');
    expect(await screen.findByText('0以上の数値を入力してください')).toBeInTheDocument();
    setText(field(/^大人料金/), '１２，０００円');
    await waitFor(() => expect(screen.queryByText('0以上の数値を入力してください')).not.toBeInTheDocument());
    setText(field(/^大人料金/), 'いちまん');
    expect(await screen.findByText('料金は数字で入力してください（例: 12000）')).toBeInTheDocument();
  });

  it('publishing asks for a photo and a price; a private draft needs neither (one rule with the edit screen)', async () => {
    const calls = apiThatCreates();
    await openCreate();
    const u = user();
    setText(field(/^タイトル/), 'Draft walk');
    await u.type(field(/^郵便番号/), '7900001');
    await waitFor(() => expect(field(/^市区町村/)).toHaveValue('松山市'));
    setText(field(/^番地/), '1-1');
    setText(field(/^大人料金/), '0');
    await u.click(screen.getByRole('radio', { name: /^公開/ }));
    expect(await screen.findByText('公開するには画像を1枚以上登録してください')).toBeInTheDocument();
    expect(screen.getByText('公開するには1円以上の料金を入力してください')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '体験を作成' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/host/experiences')).toBe(false);

    await u.click(screen.getByRole('radio', { name: /^非公開/ }));
    await waitFor(() =>
      expect(screen.queryByText('公開するには画像を1枚以上登録してください')).not.toBeInTheDocument(),
    );
    await u.click(screen.getByRole('button', { name: '体験を作成' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/host/experiences')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/host/experiences')!.body).toMatchObject({
      price: 0,
      mainImages: [],
      publicationStatus: 'private',
    });
  });

  it('checks the participants range and stops the submit with the specification’s toast', async () => {
    const calls = api();
    await openCreate();
    const min = screen.getByRole('spinbutton', { name: /^最少人数/ });
    const max = screen.getByRole('spinbutton', { name: /^最大人数/ });
    setText(min, '0');
    expect(await screen.findByText('1人以上を入力してください')).toBeInTheDocument();
    setText(min, '4');
    setText(max, '2');
    expect(await screen.findByText('最大人数は最少人数以上にしてください')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: '体験を作成' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      '参加人数の設定が無効です。最少人数と最大人数をご確認ください。',
    );
    expect(calls.some((c) => c.method === 'POST' && c.path === '/host/experiences')).toBe(false);
  });

  it('fills prefecture, city and district from the postal code, offering a choice when several districts match', async () => {
    api();
    await openCreate();
    const u = user();
    await u.type(field(/^郵便番号/), '790-0001');
    await waitFor(() => expect(field(/^市区町村/)).toHaveValue('松山市'));
    expect(field(/^地区/)).toHaveValue('一番町');
    expect(screen.getByRole('combobox', { name: /^都道府県/ })).toHaveTextContent('愛媛県');
    // Values set by the autofill move their labels up, as typed ones do (not drawn over 松山市).
    for (const name of ['市区町村', '地区']) {
      expect(document.querySelector(`label[for="${field(new RegExp(`^${name}`)).id}"]`)).toHaveAttribute(
        'data-shrink',
        'true',
      );
    }

    await u.clear(field(/^郵便番号/));
    await u.type(field(/^郵便番号/), '0295502');
    const choices = await screen.findByRole('group', { name: '地区の候補' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['樺沢１６地割', '樺沢１７地割']);
    expect(screen.getByRole('combobox', { name: /^都道府県/ })).toHaveTextContent('岩手県');
    await u.click(within(choices).getByRole('button', { name: '樺沢１７地割' }));
    expect(field(/^地区/)).toHaveValue('樺沢１７地割');
    expect(screen.queryByRole('group', { name: '地区の候補' })).not.toBeInTheDocument();

    await u.clear(field(/^郵便番号/));
    await u.type(field(/^郵便番号/), '0000000');
    expect(await screen.findByText(/郵便番号に該当する住所が見つかりませんでした/)).toBeInTheDocument();
  });

  it('checks images in the browser with the specification’s messages', async () => {
    api();
    stubObjectUrls();
    stubStorage();
    await openCreate();
    const u = user();
    const input = screen.getByLabelText('メイン画像を選択');
    await u.upload(input, [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('menu.pdf: 画像ファイルのみアップロードできます')).toBeInTheDocument();
    // A PDF renamed .jpg: the browser calls it image/jpeg, its bytes say otherwise; refused before any upload.
    await u.upload(input, [imageFile('castle.jpg', 2048, 'image/jpeg', 'application/pdf')]);
    expect(
      await screen.findByText('castle.jpg: 中身はPDFファイルです。JPEG・PNG・WebPの写真を選び直してください'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'メイン画像' })).not.toBeInTheDocument();
    await u.upload(input, [imageFile('huge.jpg', 10 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('huge.jpg: 画像は1枚10MB以下にしてください')).toBeInTheDocument();
    await u.upload(
      input,
      Array.from({ length: 11 }, (_, i) => imageFile(`p${i}.jpg`)),
    );
    expect(await screen.findByText('画像は10枚までアップロードできます')).toBeInTheDocument();
    // Ten of the eleven were taken.
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'メイン画像' })).getAllByRole('listitem')).toHaveLength(
        10,
      ),
    );
    expect(screen.queryByLabelText('メイン画像を選択')).not.toBeInTheDocument();
  });

  it('uploads a photo straight to storage with progress, reorders, and creates the experience', async () => {
    const calls = apiThatCreates();
    stubObjectUrls();
    const posts = stubStorage();
    const { router } = await openCreate();
    const u = user();

    setText(field(/^タイトル/), 'Matsuyama castle morning walk');
    setText(field(/^体験の説明/), 'A walk up to the castle before the crowds.');
    await u.type(field(/^郵便番号/), '7900001');
    await waitFor(() => expect(field(/^市区町村/)).toHaveValue('松山市'));
    setText(field(/^番地/), '1-1');
    setText(field(/^大人料金/), '8,500');

    await u.upload(screen.getByLabelText('メイン画像を選択'), [
      imageFile('castle.jpg'),
      imageFile('view.jpg'),
    ]);
    // The files' first bytes are read before the uploads start.
    expect((await screen.findAllByRole('progressbar', { name: /のアップロード/ })).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.queryAllByRole('progressbar', { name: /のアップロード/ })).toHaveLength(0),
    );
    expect(posts.map((p) => [p.fields.key, p.file?.name])).toEqual([
      ['uploads/sub-1/1', 'castle.jpg'],
      ['uploads/sub-1/2', 'view.jpg'],
    ]);
    // The second photo becomes the cover.
    await u.click(screen.getByRole('button', { name: 'メイン画像 2 を前へ移動' }));

    await u.click(screen.getByRole('checkbox', { name: 'Gourmet' }));
    await u.click(screen.getByRole('button', { name: '火曜日' }));
    await u.click(screen.getByRole('radio', { name: /^公開/ }));
    await u.click(screen.getByRole('button', { name: '体験を作成' }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('体験を作成しました');
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experiences'));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/host/experiences')!;
    expect(post.authorization).toBe('Bearer token-sub-1');
    expect(post.body).toMatchObject({
      title: 'Matsuyama castle morning walk',
      price: 8500,
      postalCode: '7900001',
      prefecture: 'Ehime',
      city: '松山市',
      district: '一番町',
      streetAddress: '1-1',
      building: null,
      mainImages: ['uploads/sub-1/2', 'uploads/sub-1/1'],
      categoryIds: ['cat-gourmet'],
      participantsMin: 1,
      participantsMax: 3,
      publicationStatus: 'public',
      availability: {
        defaultHours: { start: '08:00', end: '19:00' },
        allDay: false,
        regularHolidays: ['tuesday'],
        capacity: 1,
      },
    });
  });

  it('asks before in-app navigation leaves a form with unsaved changes: back link, sidebar, browser Back', async () => {
    api((method, path) => (path === '/host/experiences' ? { status: 200, body: { items: [] } } : undefined));
    const { router } = await openCreate();
    const u = user();
    // Nothing typed yet: leaving asks nothing.
    await u.click(screen.getByRole('link', { name: '体験一覧へ戻る' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experiences'));
    await act(() => router.navigate('/host/experience/create'));
    await screen.findByRole('heading', { name: '新しい体験を作成' }, { timeout: 15_000 });

    setText(field(/^タイトル/), 'Half-typed walk');
    await u.click(screen.getByRole('link', { name: '体験一覧へ戻る' }));
    let dialog = await screen.findByRole('dialog', { name: '保存されていない変更があります' });
    await u.click(within(dialog).getByRole('button', { name: '編集を続ける' }));
    expect(router.state.location.pathname).toBe('/host/experience/create');
    expect(field(/^タイトル/)).toHaveValue('Half-typed walk');

    // The sidebar's links and the browser's Back go through the router alike.
    await act(() => router.navigate('/host/dashboard'));
    dialog = await screen.findByRole('dialog', { name: '保存されていない変更があります' });
    await u.click(within(dialog).getByRole('button', { name: '編集を続ける' }));
    await act(() => router.navigate(-1));
    dialog = await screen.findByRole('dialog', { name: '保存されていない変更があります' });
    expect(router.state.location.pathname).toBe('/host/experience/create');
    await u.click(within(dialog).getByRole('button', { name: '変更を破棄して移動' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/experiences'));
  });

  it('says when the creation failed (destructive toast) and stays', async () => {
    api((method, path) =>
      method === 'POST' && path === '/host/experiences'
        ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
        : undefined,
    );
    const { router } = await openCreate();
    const u = user();
    setText(field(/^タイトル/), 'Tea');
    await u.type(field(/^郵便番号/), '7900001');
    await waitFor(() => expect(field(/^市区町村/)).toHaveValue('松山市'));
    setText(field(/^番地/), '1');
    setText(field(/^大人料金/), '1000');
    await u.click(screen.getByRole('button', { name: '体験を作成' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('エラーが発生しました');
    expect(toast).toHaveTextContent('体験の作成に失敗しました。もう一度お試しください。');
    expect(router.state.location.pathname).toBe('/host/experience/create');
  });
});

describe('opening hours and regular holidays (back-office spec §2)', () => {
  it('offers 00:00–23:00 starts and the same plus 23:59 ends; 24 hours disables them and unchecking restores 08:00–19:00', async () => {
    api();
    await openCreate();
    const u = user();
    const start = screen.getByRole('combobox', { name: '開始時刻' });
    const end = screen.getByRole('combobox', { name: '終了時刻' });
    expect(start).toHaveTextContent('08:00');
    expect(end).toHaveTextContent('19:00');
    await u.click(start);
    const starts = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(starts).toHaveLength(24);
    expect(starts[0]).toBe('00:00');
    expect(starts[23]).toBe('23:00');
    await u.keyboard('{Escape}');
    await u.click(end);
    const ends = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(ends).toHaveLength(25);
    expect(ends[24]).toBe('23:59');
    await u.keyboard('{Escape}');

    await u.click(screen.getByRole('checkbox', { name: '24時間営業' }));
    expect(start).toHaveTextContent('00:00');
    expect(end).toHaveTextContent('23:59');
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('slots-per-day')).toHaveTextContent('1日 24 枠');
    await u.click(screen.getByRole('checkbox', { name: '24時間営業' }));
    expect(start).toHaveTextContent('08:00');
    expect(end).toHaveTextContent('19:00');
  });

  it('warns 営業日が設定されていません with every day a holiday, and 定休日と重複しています when a night runs into one', async () => {
    api();
    await openCreate();
    const u = user();
    for (const day of ['日', '月', '火', '水', '木', '金', '土']) {
      await u.click(screen.getByRole('button', { name: `${day}曜日` }));
    }
    expect(await screen.findByText('営業日が設定されていません')).toBeInTheDocument();
    for (const day of ['日', '月', '水', '木', '金', '土']) {
      await u.click(screen.getByRole('button', { name: `${day}曜日` }));
    }
    expect(screen.queryByText('営業日が設定されていません')).not.toBeInTheDocument();
    // Tuesday is the holiday; 22:00 → 02:00 spills Monday night into Tuesday morning.
    await u.click(screen.getByRole('combobox', { name: '開始時刻' }));
    await u.click(screen.getByRole('option', { name: '22:00' }));
    await u.click(screen.getByRole('combobox', { name: '終了時刻' }));
    await u.click(screen.getByRole('option', { name: '02:00' }));
    expect(await screen.findByText('定休日と重複しています')).toBeInTheDocument();
    expect(screen.getByText(/定休日（火）の早朝/)).toBeInTheDocument();
  });
});
