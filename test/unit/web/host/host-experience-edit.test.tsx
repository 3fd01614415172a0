import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostSlotsView } from '@domain/schemas/host-api';
import { addDays, bookableWindow, todayInTokyo } from '@domain/calendar';
import {
  bookingFixture,
  CATEGORIES,
  experienceFixture,
  renderHost,
  signedInHost,
  stubHostApi,
  type ApiRoute,
} from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });
const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const saveButton = () => screen.getByRole('button', { name: '保存する' });

function setText(element: HTMLElement, value: string) {
  fireEvent.input(element, { target: { value } });
  fireEvent.blur(element);
}

function emptySlots(): HostSlotsView {
  return { timeZone: 'Asia/Tokyo', durationMinutes: 60, days: {} };
}

function api(extra: ApiRoute = () => undefined, experience = experienceFixture()) {
  return stubHostApi((method, path, body, request) => {
    const answer = extra(method, path, body, request);
    if (answer) return answer;
    if (path === '/categories') return { status: 200, body: { items: CATEGORIES } };
    if (method === 'GET' && path === `/host/experiences/${experience.id}`)
      return { status: 200, body: experience };
    if (method === 'GET' && path.endsWith('/slots')) return { status: 200, body: emptySlots() };
    return undefined;
  });
}

async function openEdit(id = 'exp-1') {
  const rendered = renderHost(`/host/experience/${id}`, signedInHost());
  return rendered;
}

describe('edit experience (back-office spec §2, §4, §5, §8)', () => {
  it('shows a skeleton, then the form; save stays disabled until something changes', async () => {
    api();
    await openEdit();
    expect(await screen.findByLabelText('読み込み中', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(field(/^タイトル/)).toHaveValue('Dogo Onsen evening walk');
    expect(saveButton()).toBeDisabled();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      '基本情報',
      '地図',
      '大人料金',
      'メイン画像',
      '詳細',
      '事前に知っておくこと',
      '動画・キャンセルポリシー',
      'カテゴリー・タグ',
      '予約枠',
      '参加人数',
      '公開設定',
    ]);
  });

  it('sends exactly the changed fields with the version it loaded, and says 保存しました', async () => {
    const calls = api((method, path, body) =>
      method === 'PATCH'
        ? {
            status: 200,
            body: {
              ...experienceFixture(),
              ...(body as object),
              updatedAt: '2026-11-02T00:00:00.000Z',
            },
          }
        : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    setText(field(/^タイトル/), 'Dogo Onsen night walk');
    await u.click(screen.getByRole('checkbox', { name: 'Gourmet' }));
    await u.click(screen.getByRole('radio', { name: /^非公開/ }));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await u.click(saveButton());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('保存しました');
    expect(toast).toHaveTextContent('体験の内容を更新しました。');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/host/experiences/exp-1');
    expect(patch.body).toEqual({
      expectedUpdatedAt: '2026-11-01T00:00:00.000Z',
      title: 'Dogo Onsen night walk',
      categoryIds: ['cat-nature', 'cat-gourmet'],
      publicationStatus: 'private',
    });
    // Saved: nothing left to save, and the next save names the new version.
    await waitFor(() => expect(saveButton()).toBeDisabled());
    setText(field(/^タイトル/), 'Dogo Onsen walk');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await u.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({
      expectedUpdatedAt: '2026-11-02T00:00:00.000Z',
      title: 'Dogo Onsen walk',
    });
  });

  it('an edit undone is no change', async () => {
    api();
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    setText(field(/^タイトル/), 'Other');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    setText(field(/^タイトル/), 'Dogo Onsen evening walk');
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('shows the Japanese required messages after blur and keeps save disabled', async () => {
    api();
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    setText(field(/^タイトル/), '');
    setText(field(/^番地/), ' ');
    expect(await screen.findByText('タイトルは必須です')).toBeInTheDocument();
    expect(screen.getByText('番地は必須です')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    setText(screen.getByRole('spinbutton', { name: /^最少人数/ }), '5');
    expect(await screen.findByText('最少人数は最大人数以下にしてください')).toBeInTheDocument();
  });

  it('explains a stale save and carries the host’s changes over the newer version', async () => {
    let version = 1;
    const latest = experienceFixture({ price: 12000, updatedAt: '2026-11-05T00:00:00.000Z' });
    const calls = api((method, path, body) => {
      if (method === 'PATCH') {
        const b = body as { expectedUpdatedAt: string };
        if (b.expectedUpdatedAt !== latest.updatedAt) {
          return { status: 409, body: { error: { code: 'stale', message: 'Changed meanwhile' } } };
        }
        return {
          status: 200,
          body: { ...latest, ...(body as object), updatedAt: '2026-11-06T00:00:00.000Z' },
        };
      }
      if (method === 'GET' && path === '/host/experiences/exp-1' && version++ > 1)
        return { status: 200, body: latest };
      return undefined;
    });
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    setText(field(/^タイトル/), 'My new title');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await u.click(saveButton());
    const alert = (await screen.findByText('この体験は、編集を始めた後に別の画面で更新されています')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(saveButton()).toBeDisabled();
    await u.click(within(alert).getByRole('button', { name: '最新の内容を読み込む' }));
    // The newer price shows, and the host's title is still the change to save.
    await waitFor(() => expect(field(/^大人料金/)).toHaveValue('12000'));
    expect(field(/^タイトル/)).toHaveValue('My new title');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await u.click(saveButton());
    expect(await screen.findByText('体験の内容を更新しました。')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({
      expectedUpdatedAt: '2026-11-05T00:00:00.000Z',
      title: 'My new title',
    });
  });

  it('shows why a host under review cannot save a change (409 host_under_review), not the stale-save notice', async () => {
    const message = 'ホストアカウントは審査中のため、体験を公開できません。';
    api((method) =>
      method === 'PATCH'
        ? { status: 409, body: { error: { code: 'host_under_review', message } } }
        : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    setText(field(/^タイトル/), 'My new title');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user().click(saveButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      screen.queryByText('この体験は、編集を始めた後に別の画面で更新されています'),
    ).not.toBeInTheDocument();
  });

  it('says 体験が見つかりませんでした。 for a missing (or another host’s) experience', async () => {
    api((method, path) =>
      path === '/host/experiences/someone-elses'
        ? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }
        : undefined,
    );
    await openEdit('someone-elses');
    expect(
      await screen.findByText('体験が見つかりませんでした。', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '体験一覧へ戻る' })).toHaveAttribute('href', '/host/experiences');
  });

  it('keeps at least one main image and removes others only on save', async () => {
    const calls = api((method, path, body) =>
      method === 'PATCH' ? { status: 200, body: { ...experienceFixture(), ...(body as object) } } : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'メイン画像 1 を削除' }));
    expect(calls.some((c) => c.method === 'PATCH' || c.method === 'DELETE')).toBe(false);
    await u.click(screen.getByRole('button', { name: 'メイン画像 1 を削除' }));
    expect(await screen.findByText('画像を1枚以上登録してください')).toBeInTheDocument();
    await u.click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      expectedUpdatedAt: '2026-11-01T00:00:00.000Z',
      mainImages: ['/images/exp-1/b.webp'],
    });
  });

  it('without a maps key: the map-service message and coordinates that save as numbers', async () => {
    const calls = api((method, path, body) =>
      method === 'PATCH' ? { status: 200, body: { ...experienceFixture(), ...(body as object) } } : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    expect(screen.getByText(/地図サービスを利用できません。/)).toBeInTheDocument();
    const lat = field('緯度');
    expect(lat).toHaveValue('33.8519');
    setText(lat, '33.85');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user().click(saveButton());
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      expectedUpdatedAt: '2026-11-01T00:00:00.000Z',
      mapLat: 33.85,
    });
  });
});

describe('availability calendar (DESIGN §4b)', () => {
  const today = todayInTokyo(new Date());
  // A day guests can book (the calendar greys the others as 受付期間外): the first of the window, in this month or,
  // in a month's last days, the next one, which each test moves to.
  const day = addDays(bookableWindow(new Date()).from, 1);
  const month = day.slice(0, 7);

  function slotsView(blocked = false): HostSlotsView {
    return {
      timeZone: 'Asia/Tokyo',
      durationMinutes: 60,
      days: {
        // A night tour of the day before runs into `day` until 01:00.
        [addDays(day, -1)]: [
          { time: '22:00', end: '01:00', endDayOffset: 1, capacity: 1, booked: 1, blocked: false, inUse: 1 },
        ],
        [day]: [
          { time: '17:00', end: '18:00', capacity: 1, booked: 1, blocked: false, inUse: 1 },
          { time: '18:00', end: '19:00', capacity: 2, booked: 1, blocked, inUse: 1 },
          { time: '19:00', end: '20:00', capacity: 1, booked: 0, blocked, inUse: 0 },
        ],
      },
    };
  }

  it('shows a day’s slots with bookings, closes one with a click, and refuses a capacity below the bookings', async () => {
    let blocked = false;
    const calls = api((method, path, body) => {
      if (path.endsWith('/slots') && method === 'GET') return { status: 200, body: slotsView(blocked) };
      if (path.endsWith('/slots') && method === 'PUT') {
        const change = body as { time?: string; blocked?: boolean; capacity?: number };
        if (change.capacity !== undefined) {
          return { status: 409, body: { error: { code: 'state_conflict', message: 'below booked' } } };
        }
        blocked = change.blocked ?? blocked;
        const view = slotsView(false);
        view.days[day] = view.days[day]!.map((s) => (s.time === change.time ? { ...s, blocked } : s));
        return { status: 200, body: view };
      }
      return undefined;
    });
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    // Move to the month of `day` when it falls in the next one.
    if (month !== today.slice(0, 7)) await u.click(screen.getByRole('button', { name: '次の月' }));
    const cell = await screen.findByRole('gridcell', {
      name: new RegExp(`^${day.replaceAll('-', '/')}.*空き 2/3 予約 2`),
    });
    // The month shown last (the calendar opens on this month, then moved to the next one when `day` is there).
    const slotsCall = calls.filter((c) => c.path === '/host/experiences/exp-1/slots').at(-1)!;
    expect(slotsCall.search).toMatch(new RegExp(`from=${month}-01&to=${month}-\\d\\d`));
    await u.click(cell);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('listitem', { name: '17:00 の枠' })).toHaveTextContent('満席');
    expect(within(dialog).getByRole('listitem', { name: '18:00 の枠' })).toHaveTextContent('18:00–19:00');
    expect(within(dialog).getByRole('listitem', { name: '18:00 の枠' })).toHaveTextContent(
      '予約 1・重なり 1 / 受付数 2',
    );
    // The booked tours as the spans they occupy.
    expect(
      within(within(dialog).getByRole('list', { name: '予約済みのツアー' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['前日22:00–翌01:00 1 件', '17:00–18:00 1 件', '18:00–19:00 1 件']);

    await u.click(within(dialog).getByRole('button', { name: '19:00 を休止' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('19:00 の枠を休止しました');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { date: day, time: '19:00', blocked: true },
    ]);
    expect(await within(dialog).findByRole('button', { name: '19:00 を再開' })).toBeInTheDocument();

    const capacity = within(dialog).getByRole('spinbutton', { name: '18:00 の受付数' });
    await u.clear(capacity);
    await u.type(capacity, '0');
    await u.click(
      within(within(dialog).getByRole('listitem', { name: '18:00 の枠' })).getByRole('button', {
        name: '変更',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'この時間帯に重なっている予約の数より少ない受付数にはできません。',
    );
  });

  it('shows a paused slot (capacity 0) as 休止 and a booked slot the hours no longer open as 営業時間外', async () => {
    api((method, path) =>
      path.endsWith('/slots') && method === 'GET'
        ? {
            status: 200,
            body: {
              timeZone: 'Asia/Tokyo',
              durationMinutes: 60,
              days: {
                [day]: [
                  {
                    time: '07:00',
                    end: '08:00',
                    capacity: 1,
                    booked: 1,
                    blocked: true,
                    outsideRule: true,
                    inUse: 1,
                  },
                  { time: '17:00', end: '18:00', capacity: 0, booked: 0, blocked: false, inUse: 0 },
                  { time: '18:00', end: '19:00', capacity: 1, booked: 1, blocked: false, inUse: 1 },
                ],
              },
            } satisfies HostSlotsView,
          }
        : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    if (month !== today.slice(0, 7)) await u.click(screen.getByRole('button', { name: '次の月' }));
    // The booked 07:00 counts in the day's bookings, not as one of its slots.
    await u.click(
      await screen.findByRole('gridcell', {
        name: new RegExp(`^${day.replaceAll('-', '/')}.*空き 0/2 予約 2`),
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('listitem', { name: '17:00 の枠' })).toHaveTextContent('休止');
    expect(within(dialog).getByRole('listitem', { name: '17:00 の枠' })).not.toHaveTextContent('満席');
    expect(within(dialog).getByRole('listitem', { name: '18:00 の枠' })).toHaveTextContent('満席');
    const outside = within(dialog).getByRole('listitem', { name: '07:00 の枠' });
    expect(outside).toHaveTextContent('営業時間外');
    expect(outside).toHaveTextContent('この枠の予約は有効です');
    expect(within(outside).queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes a range of days (a holiday trip)', async () => {
    const calls = api((method, path) =>
      path.endsWith('/slots') && method === 'PUT' ? { status: 200, body: emptySlots() } : undefined,
    );
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    await u.click(screen.getByRole('button', { name: '期間を指定して休止' }));
    const dialog = await screen.findByRole('dialog', { name: '期間を指定して休止・再開' });
    const from = addDays(today, 10);
    const to = addDays(today, 20);
    fireEvent.change(within(dialog).getByLabelText('開始日'), { target: { value: from } });
    fireEvent.change(within(dialog).getByLabelText('終了日'), { target: { value: addDays(from, -1) } });
    expect(within(dialog).getByText('終了日は開始日以降にしてください')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('終了日'), { target: { value: to } });
    await u.click(within(dialog).getByRole('button', { name: '適用する' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('指定した期間を休止しました');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { date: from, toDate: to, blocked: true },
    ]);
  });

  it('before saving new hours, lists the bookings they leave outside and saves only when the host confirms', async () => {
    const early = bookingFixture({ date: addDays(today, 7), time: '17:00', status: 'approved' });
    const inside = bookingFixture({ date: addDays(today, 8), time: '19:00', status: 'pending' });
    const otherExperience = bookingFixture({ experienceId: 'exp-2', date: addDays(today, 7), time: '17:00' });
    const calls = api((method, path, body, request) => {
      if (method === 'GET' && path === '/host/bookings') {
        const status = request.url.searchParams.get('status');
        const items = [early, inside, otherExperience].filter((b) => b.status === status);
        return { status: 200, body: { items } };
      }
      if (method === 'PATCH') return { status: 200, body: { ...experienceFixture(), ...(body as object) } };
      return undefined;
    });
    await openEdit();
    await screen.findByRole('heading', { name: 'Dogo Onsen evening walk' }, { timeout: 15_000 });
    const u = user();
    await u.click(screen.getByRole('combobox', { name: '開始時刻' }));
    await u.click(screen.getByRole('option', { name: '18:00' }));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await u.click(saveButton());

    const dialog = await screen.findByRole('dialog', { name: '営業時間外になる予約があります' });
    const listed = within(dialog).getAllByRole('listitem');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toHaveTextContent(`予約番号 ${early.reference}`);
    expect(listed[0]).toHaveTextContent('17:00');
    expect(dialog).toHaveTextContent('カレンダーと予約一覧に表示されたまま有効です');
    const lookups = calls.filter((c) => c.path === '/host/bookings');
    expect(lookups.map((c) => new URLSearchParams(c.search).get('from'))).toEqual([today, today]);
    await u.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await u.click(saveButton());
    await u.click(
      within(await screen.findByRole('dialog', { name: '営業時間外になる予約があります' })).getByRole(
        'button',
        {
          name: '予約を残して保存する',
        },
      ),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('体験の内容を更新しました。');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      availability: { defaultHours: { start: '18:00', end: '20:00' } },
    });
  });
});
