/**
 * Issue 28 in the host's back office: 売上・振込 lists a 支払通知書 per month and downloads it (or any month picked),
 * saying the API's Japanese refusal; the profile takes the host's invoice registration number, checked with the
 * request's own schema (the corporate number's check digit for a corporation's).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceRegistrationMessages } from '@domain/invoice-registration';
import { statementMonthMessages, type StatementMonthView } from '@domain/statement-document';
import { DEMO_HOST_VIEW, renderHost, signedInHost, stubHostApi, stubObjectUrls } from './support';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = () => userEvent.setup({ delay: null });

const OCTOBER: StatementMonthView = {
  month: '2026-10',
  bookings: 2,
  gross: 32_000,
  platformFee: 4_800,
  refunded: 5_000,
  net: 22_950,
  paidOut: 22_950,
  payouts: 1,
};

function downloads(): string[] {
  stubObjectUrls();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

describe('支払通知書 on 売上・振込', () => {
  it('lists the months with their figures and downloads a month’s PDF', async () => {
    const calls = stubHostApi((method, path) => {
      if (path === '/host/statements') return { status: 200, body: { items: [OCTOBER] } };
      if (path === '/host/statements/2026-10') return { status: 200, body: '%PDF-1.3' };
      if (path === '/host/statements/2020-01') {
        return {
          status: 404,
          body: { error: { code: 'not_found', message: statementMonthMessages.notFound } },
        };
      }
      return undefined;
    });
    const saved = downloads();
    renderHost('/host/earnings', signedInHost());
    const row = await screen.findByTestId('statement-row', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('2026年10月');
    expect(row).toHaveTextContent('2件');
    expect(row).toHaveTextContent('¥22,950');
    expect(row).toHaveTextContent('¥5,000');
    await user().click(within(row).getByRole('button', { name: '2026年10月の支払通知書をダウンロード' }));
    await waitFor(() => expect(saved).toEqual(['支払通知書_2026-10.pdf']));
    expect(
      calls.some((c) => c.path === '/host/statements/2026-10' && c.authorization?.startsWith('Bearer ')),
    ).toBe(true);

    // A month with nothing in it: the API's Japanese message.
    fireEvent.change(screen.getByTestId('statement-month'), { target: { value: '2020-01' } });
    await user().click(screen.getByRole('button', { name: '支払通知書をダウンロード' }));
    expect(await screen.findByText(statementMonthMessages.notFound)).toBeInTheDocument();
    // No month at all is refused before asking.
    fireEvent.change(screen.getByTestId('statement-month'), { target: { value: '' } });
    await user().click(screen.getByRole('button', { name: '支払通知書をダウンロード' }));
    expect(await screen.findByText(statementMonthMessages.malformed)).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/host/statements/'))).toHaveLength(2);
  });
});

/** The profile, with a `PATCH /api/host/me` that saves whatever is sent. */
async function openProfile() {
  const calls = stubHostApi((method, path, body) =>
    method === 'PATCH' && path === '/host/me'
      ? { status: 200, body: { ...DEMO_HOST_VIEW, ...(body as object) } }
      : undefined,
  );
  renderHost('/host/profile', signedInHost());
  const field = await screen.findByTestId('invoice-registration-number', {}, { timeout: 15_000 });
  return { calls, field };
}

describe('the invoice registration number in the profile', () => {
  it('checks the form and the corporate number’s check digit, and saves the number as printed', async () => {
    const { calls, field } = await openProfile();
    const save = screen.getByRole('button', { name: 'プロフィールを保存' });
    const u = user();

    await u.type(field, 'T12345');
    await u.click(save);
    expect(await screen.findByText(invoiceRegistrationMessages.format)).toBeInTheDocument();

    // The NTA's own corporate number is 7000012050002: with 8 in front the check digit is wrong.
    await u.clear(field);
    await u.type(field, 'T8000012050002');
    await u.click(save);
    expect(await screen.findByText(invoiceRegistrationMessages.checkDigit)).toBeInTheDocument();

    await u.clear(field);
    await u.type(field, 'ｔ７０００-０１２０-５０００２');
    await u.click(save);
    expect(await screen.findByTestId('toast')).toHaveTextContent('プロフィール情報を更新しました');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      invoiceRegistrationNumber: 'T7000012050002',
    });
  });

  it('takes a sole proprietor’s number by its form alone', async () => {
    const { calls, field } = await openProfile();
    const u = user();
    await u.click(screen.getByRole('combobox', { name: '登録番号の区分' }));
    await u.click(await screen.findByRole('option', { name: '個人事業者・人格のない社団等' }));
    await u.type(field, 'T8000012050002');
    await u.click(screen.getByRole('button', { name: 'プロフィールを保存' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('プロフィール情報を更新しました');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      invoiceRegistrationNumber: 'T8000012050002',
      invoiceRegistrant: 'individual',
    });
  });
});
