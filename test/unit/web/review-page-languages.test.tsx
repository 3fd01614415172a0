/**
 * Issue 19: the review page (`/ko/review/{token}`) answers the API's refusals in the page's language. The API's
 * field messages are English (its contract is unchanged); the page maps the field or code to its catalogue.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppProviders } from '../../../web/src/app/providers';
import { ReviewPage } from '../../../web/src/features/review/pages/review-page';
import { I18nProvider, loadWholeCatalogue } from '../../../web/src/lib/i18n/i18n';
import { stubFetch, testConfig } from './support/render';

const INVITATION = {
  experience: { id: 'e1', title: 'Shimanami cycling' },
  date: '2026-05-01',
  alreadyReviewed: false,
};

function renderKorean(answer: { status: number; body: unknown }) {
  stubFetch((url, init) => {
    if (url.pathname !== '/api/reviews/tok') return undefined;
    return init?.method === 'POST' ? answer : { status: 200, body: INVITATION };
  });
  const router = createMemoryRouter(
    [
      {
        path: '/ko/review/:token',
        element: (
          <I18nProvider locale="ko">
            <ReviewPage />
          </I18nProvider>
        ),
      },
    ],
    { initialEntries: ['/ko/review/tok'] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function send(text: string) {
  const stars = await screen.findAllByRole('radio');
  fireEvent.click(stars.find((s) => s.getAttribute('value') === '5')!);
  fireEvent.change(screen.getByRole('textbox', { name: '후기' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '후기 올리기' }));
}

beforeAll(() => loadWholeCatalogue('ko'));

describe('the review page in Korean', () => {
  it('shows the API’s field messages in Korean, never its English wording', async () => {
    renderKorean({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid request',
          fields: {
            rating: 'Choose from 1 to 5 stars',
            text: 'Please write a few words about your experience',
          },
        },
      },
    });
    await send('좋았어요');
    expect(await screen.findByText('별 1~5개 중에서 선택해 주세요')).toBeInTheDocument();
    expect(screen.getByText('별점과 후기 내용을 확인한 후 다시 보내 주세요.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Choose from|Please write|Invalid request/);
  });

  it('says a rate limit and a failure in Korean', async () => {
    renderKorean({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Too many requests. Try again later.' } },
    });
    await send('좋았어요');
    expect(
      await screen.findByText('시도 횟수가 너무 많습니다. 몇 분 후에 다시 시도해 주세요.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Too many requests');
  });

  it('tells a link that lapsed before sending, in Korean', async () => {
    renderKorean({ status: 404, body: { error: { code: 'not_found', message: 'Review link not found' } } });
    await send('좋았어요');
    await screen.findByRole('heading', { name: '유효하지 않은 후기 링크입니다', level: 1 });
    expect(document.body.textContent).not.toContain('Review link not found');
  });
});
