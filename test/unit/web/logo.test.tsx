/** Audit item 18: the logo is served at the specification's path, /logo.png, and the header shows it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppLayout } from '../../../web/src/app/layout';
import { AppProviders } from '../../../web/src/app/providers';
import { stubFetch, testConfig } from './support/render';

describe('logo', () => {
  it('web/public/logo.png is a PNG image', () => {
    // jsdom's `import.meta.url` is not a file URL: the path is taken from the repository root vitest runs in.
    const bytes = readFileSync(join(process.cwd(), 'web', 'public', 'logo.png'));
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('the header shows /logo.png', async () => {
    stubFetch(() => undefined);
    const router = createMemoryRouter([
      { element: <AppLayout />, children: [{ path: '/', element: <p /> }] },
    ]);
    render(
      <AppProviders config={testConfig}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const home = await screen.findByRole('link', { name: /Ehime Experiences/ });
    expect(home.querySelector('img')).toHaveAttribute('src', '/logo.png');
  });
});
