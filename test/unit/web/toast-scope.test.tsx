/** Audit item 9: a toast belongs to the page that raised it. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppLayout } from '../../../web/src/app/layout';
import { AppProviders } from '../../../web/src/app/providers';
import { useToast } from '../../../web/src/lib/toast';
import { stubFetch, testConfig } from './support/render';

let showToast: ReturnType<typeof useToast> = () => {};

function Page({ name }: { name: string }) {
  showToast = useToast();
  return <h1>{name}</h1>;
}

function setup() {
  stubFetch(() => undefined);
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/detail', element: <Page name="Detail page" /> },
          { path: '/booking-form', element: <Page name="Booking form" /> },
          { path: '/other', element: <Page name="Other page" /> },
        ],
      },
    ],
    { initialEntries: ['/detail'] },
  );
  render(
    <AppProviders config={testConfig}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('toasts and pages', () => {
  it('a toast raised on one page is gone when the guest reaches the next page', async () => {
    const router = setup();
    await screen.findByRole('heading', { name: 'Detail page' });
    act(() =>
      showToast({ title: 'エラー', message: 'Please fill in all required fields', severity: 'error' }),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Please fill in all required fields');

    await act(() => router.navigate('/booking-form'));
    await screen.findByRole('heading', { name: 'Booking form' });
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });

  it('a toast that announces the page it leads to survives that one move, and no further', async () => {
    const router = setup();
    await screen.findByRole('heading', { name: 'Detail page' });
    await act(() => router.navigate('/booking-form'));
    act(() =>
      showToast({
        message: 'The selected date and time are no longer available.',
        severity: 'error',
        carryToNextPage: true,
      }),
    );
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Detail page' });
    expect(await screen.findByTestId('toast')).toHaveTextContent('no longer available');

    await act(() => router.navigate('/other'));
    await screen.findByRole('heading', { name: 'Other page' });
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
  });
});
