import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ConfigErrorPage } from './app/config-error-page';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { loadAppConfig } from './lib/load-config';

const root = createRoot(document.getElementById('root')!);

// The configuration decides which pools, payment provider and API the app talks to, so nothing renders before it.
void loadAppConfig().then((result) => {
  if (!result.ok) {
    console.error(`Configuration error (${result.reason}): ${result.detail}`);
    root.render(<ConfigErrorPage detail={result.detail} />);
    return;
  }
  // A transition: React renders the shell in small slices instead of one long task that would block input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders config={result.config}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
