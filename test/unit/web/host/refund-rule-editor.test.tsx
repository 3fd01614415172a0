/**
 * The refund-rule editor of the host's experience form (issue 15 item 1): it starts from the host profile's policy,
 * tiers are added and removed, the shared schema's Japanese messages show beside a wrong number, the preview says
 * the rule in the guests' words, and create and edit send the rule as numbers (edit only when it changed).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CATEGORIES,
  DEMO_HOST_VIEW,
  experienceFixture,
  renderHost,
  signedInHost,
  stubHostApi,
} from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const user = () => userEvent.setup({ delay: null });
const preview = () => screen.getByTestId('refund-rule-preview');
const tier = (n: number) => screen.getByRole('group', { name: `返金の段階 ${n}` });
const days = (n: number) => within(tier(n)).getByRole('textbox', { name: '開始の何日前まで' });
const percent = (n: number) => within(tier(n)).getByRole('textbox', { name: '返金率' });

function setText(element: HTMLElement, value: string) {
  fireEvent.input(element, { target: { value } });
  fireEvent.blur(element);
}

describe('refund-rule editor', () => {
  it('on create: starts from the host policy, adds and removes tiers, checks them, and sends the rule', async () => {
    const calls = stubHostApi((method, path, body) => {
      if (path === '/host/me')
        return {
          status: 200,
          body: { ...DEMO_HOST_VIEW, cancellationPolicy: { days: 3, refundPercentage: 50 } },
        };
      if (path === '/categories') return { status: 200, body: { items: CATEGORIES } };
      if (method === 'POST' && path === '/host/experiences')
        return { status: 201, body: { ...(body as object), id: 'exp-new' } };
      if (path === '/host/experiences') return { status: 200, body: { items: [] } };
      return undefined;
    });
    renderHost('/host/experience/create', signedInHost());
    await screen.findByRole('heading', { name: '新しい体験を作成' }, { timeout: 15_000 });
    const u = user();

    expect(days(1)).toHaveValue('3');
    expect(percent(1)).toHaveValue('50');
    expect(preview()).toHaveTextContent('3日前まで50%返金、それ以降は返金なし');

    await u.click(screen.getByRole('button', { name: '段階を追加' }));
    setText(days(2), '１４');
    // The empty neighbour is not called missing before the host has been there.
    await waitFor(() => expect(preview()).toHaveTextContent('入力内容を確認してください'));
    expect(within(tier(2)).queryByText('返金率を入力してください')).not.toBeInTheDocument();
    setText(percent(2), '120');
    expect(await within(tier(2)).findByText('返金率は0〜100の整数で入力してください')).toBeInTheDocument();
    expect(preview()).toHaveTextContent('入力内容を確認してください');
    setText(percent(2), '100');
    await waitFor(() =>
      expect(preview()).toHaveTextContent('14日前まで全額返金、3日前まで50%返金、それ以降は返金なし'),
    );
    // The field's own message clears with its next validation, which may come a render after the preview's.
    await waitFor(() =>
      expect(within(tier(2)).queryByText('返金率は0〜100の整数で入力してください')).not.toBeInTheDocument(),
    );

    // The same days twice: said beside the second.
    setText(days(2), '3');
    expect(await within(tier(2)).findByText('同じ日数の段階が重複しています。')).toBeInTheDocument();
    setText(days(2), '14');

    await u.click(screen.getByRole('button', { name: '返金の段階 1 を削除' }));
    await waitFor(() => expect(preview()).toHaveTextContent('14日前まで全額返金、それ以降は返金なし'));

    setText(screen.getByRole('textbox', { name: /^タイトル/ }), 'Refund walk');
    await u.type(screen.getByRole('textbox', { name: /^郵便番号/ }), '7900001');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^市区町村/ })).toHaveValue('松山市'));
    setText(screen.getByRole('textbox', { name: /^番地/ }), '1-1');
    setText(screen.getByRole('textbox', { name: /^大人料金/ }), '5000');
    await u.click(screen.getByRole('button', { name: '体験を作成' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/host/experiences')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      refundRule: [{ daysBefore: 14, refundPercentage: 100 }],
    });
  });

  it('on edit: shows the rule in effect, saves only the changed rule, and refuses a wrong one', async () => {
    const experience = experienceFixture();
    expect(experience.refundRule).toBeUndefined();
    const calls = stubHostApi((method, path, body) => {
      if (path === '/categories') return { status: 200, body: { items: CATEGORIES } };
      if (method === 'GET' && path === `/host/experiences/${experience.id}`)
        return { status: 200, body: experience };
      if (method === 'GET' && path.endsWith('/slots'))
        return { status: 200, body: { timeZone: 'Asia/Tokyo', days: {} } };
      if (method === 'PATCH')
        return {
          status: 200,
          body: { ...experience, ...(body as object), updatedAt: '2026-11-02T00:00:00.000Z' },
        };
      return undefined;
    });
    renderHost(`/host/experience/${experience.id}`, signedInHost());
    await screen.findByRole('heading', { name: experience.title }, { timeout: 15_000 });
    const save = () => screen.getByRole('button', { name: '保存する' });
    const u = user();

    // No rule of its own: the host's policy (7 days, 100 %), which is what guests are told.
    expect(days(1)).toHaveValue('7');
    expect(percent(1)).toHaveValue('100');
    expect(preview()).toHaveTextContent('7日前まで全額返金、それ以降は返金なし');
    expect(save()).toBeDisabled();

    setText(percent(1), '');
    expect(await within(tier(1)).findByText('返金率を入力してください')).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());

    setText(days(1), '10');
    setText(percent(1), '80');
    await waitFor(() => expect(preview()).toHaveTextContent('10日前まで80%返金、それ以降は返金なし'));
    // One policy: the notes' "7 days" is no longer the rule's, so they are refused until they agree.
    const notes = screen.getByRole('textbox', { name: 'キャンセルポリシー' });
    expect(notes).toHaveValue('Free cancellation up to 7 days before.');
    expect(await screen.findByTestId('policy-notes-conflict')).toHaveTextContent(
      'キャンセルポリシーの「Free cancellation」「7 days」は返金ルール（10日前まで80%返金、それ以降は返金なし）と食い違っています',
    );
    await waitFor(() => expect(save()).toBeDisabled());
    setText(notes, 'Runs in light rain; we tell you by 7 PM the day before if the weather stops it.');
    await waitFor(() => expect(screen.queryByTestId('policy-notes-conflict')).not.toBeInTheDocument());
    await waitFor(() => expect(save()).toBeEnabled());
    await u.click(save());
    await screen.findByText('体験の内容を更新しました。');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      expectedUpdatedAt: experience.updatedAt,
      cancellationPolicy: 'Runs in light rain; we tell you by 7 PM the day before if the weather stops it.',
      refundRule: [{ daysBefore: 10, refundPercentage: 80 }],
    });
  });
});
