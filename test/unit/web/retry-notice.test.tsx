/**
 * DESIGN §4f in the browser: a read the API answers with 503 (or that finds no connection) is asked again on its
 * own, after the API's Retry-After, while a calm note says so; a 4xx or a 500 is not retried.
 */
import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../web/src/lib/api-client';
import { createQueryClient } from '../../../web/src/app/providers';
import { GUEST_RETRY_MESSAGE, RetryNotice } from '../../../web/src/components/retry-notice';
import { SearchPage } from '../../../web/src/features/experiences/pages/search-page';
import { renderWithApp, stubFetch } from './support/render';

type RetryRule = (failureCount: number, error: Error) => boolean;
type DelayRule = (failureCount: number, error: Error) => number;

const unavailable = {
  status: 503,
  headers: { 'retry-after': '1' },
  body: { error: { code: 'service_unavailable', message: 'The service is not answering right now.' } },
};

describe('reads while the API is down for a moment', () => {
  it('retries only what may pass on a second try, waiting the Retry-After the API asked for', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    const retry = queries.retry as RetryRule;
    const delay = queries.retryDelay as DelayRule;
    expect(retry(0, new ApiError(503, 'service_unavailable', 'x'))).toBe(true);
    expect(retry(0, new ApiError(504, 'http_504', 'x'))).toBe(true);
    expect(retry(0, new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(retry(0, new ApiError(500, 'internal_error', 'x'))).toBe(false);
    expect(retry(0, new ApiError(409, 'slot_unavailable', 'x'))).toBe(false);
    const withRetryAfter = new ApiError(503, 'service_unavailable', 'x');
    withRetryAfter.retryAfterSeconds = 5;
    expect(delay(1, withRetryAfter)).toBe(5_000);
    expect(delay(1, new ApiError(0, 'network_error', 'x'))).toBe(2_000);
    expect(delay(9, new ApiError(0, 'network_error', 'x'))).toBe(30_000);
  });

  it('says calmly that it is trying again, then shows the answer and the note goes away', async () => {
    let requests = 0;
    stubFetch((url) => {
      if (url.pathname !== '/api/experiences') return undefined;
      requests++;
      return requests === 1 ? unavailable : { status: 200, body: { items: [] } };
    });
    renderWithApp(
      <>
        <SearchPage />
        <RetryNotice message={GUEST_RETRY_MESSAGE} />
      </>,
      { path: '/search', initialEntry: '/search?q=tea' },
    );
    expect(await screen.findByText(GUEST_RETRY_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(requests).toBe(2), { timeout: 3_000 });
    await waitFor(() => expect(screen.queryByText(GUEST_RETRY_MESSAGE)).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no note for a refusal, which is not retried', async () => {
    let requests = 0;
    stubFetch((url) => {
      if (url.pathname !== '/api/experiences') return undefined;
      requests++;
      return { status: 400, body: { error: { code: 'validation_failed', message: 'no' } } };
    });
    renderWithApp(
      <>
        <SearchPage />
        <RetryNotice message={GUEST_RETRY_MESSAGE} />
      </>,
      { path: '/search', initialEntry: '/search?q=tea' },
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(GUEST_RETRY_MESSAGE)).not.toBeInTheDocument();
    expect(requests).toBe(1);
  });
});
