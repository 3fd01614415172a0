/**
 * Audit items 2 and 7: concierge, contact and social links and the /ehime video are settings of the deployment
 * (`/config.json`); a link that is not configured is not shown.
 */
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '@testing-library/jest-dom/vitest';
import { AppLayout } from '../../../web/src/app/layout';
import { AppProviders } from '../../../web/src/app/providers';
import type { AppConfig } from '../../../web/src/lib/config';
import { EhimePage } from '../../../web/src/features/ehime/pages/ehime-page';
import { ehimeContent } from '../../../web/src/features/ehime/content';
import { Hero } from '../../../web/src/features/home/components/hero';
import { renderWithApp, stubFetch, testConfig } from './support/render';

function renderShell(config: AppConfig, page = <p>Page</p>) {
  stubFetch((url) =>
    url.pathname === '/api/experiences' ? { status: 200, body: { items: [] } } : undefined,
  );
  const router = createMemoryRouter([{ element: <AppLayout />, children: [{ path: '/', element: page }] }]);
  render(
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const NO_LINKS: AppConfig['links'] = {
  messenger: null,
  contactForm: null,
  companySite: null,
  instagram: null,
  facebook: null,
};

// The route's loader brings the page's texts in before it renders; a page rendered on its own needs them loaded.
beforeAll(() => ehimeContent.load('en'));

describe('links of the deployment', () => {
  it('the header and footer link to the configured pages, and leave out the others', async () => {
    renderShell(testConfig);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // Contact is the site's own concierge desk (issue 31), whatever `contactFormUrl` says.
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/ehime.test/',
    );
    // Not configured in this deployment: not shown at all, rather than pointing nowhere.
    expect(within(footer).queryByRole('link', { name: 'Company' })).toBeNull();
    expect(within(footer).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('with no links configured, Contact us still leads to the concierge desk and the social links are left out', async () => {
    renderShell({ ...testConfig, links: NO_LINKS });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Instagram' })).toBeNull();
  });

  it('the home hero leads to the contact page on the site, and to Messenger only where it is configured', () => {
    renderWithApp(<Hero />, {
      config: { ...testConfig, links: { ...NO_LINKS, contactForm: 'mailto:c@example.jp' } },
    });
    expect(screen.queryByRole('link', { name: /Messenger/ })).toBeNull();
    const form = screen.getByRole('link', { name: 'Consult with a concierge via contact form' });
    expect(form).toHaveAttribute('href', '/contact');
    // A page of the site, not a new tab.
    expect(form).not.toHaveAttribute('target');
  });

  it('with Messenger configured, the hero keeps its Messenger link beside the contact page', () => {
    renderWithApp(<Hero />, { config: testConfig });
    expect(screen.getByRole('link', { name: /Messenger/ })).toHaveAttribute(
      'href',
      'https://m.me/ehime.test',
    );
    expect(screen.getByRole('link', { name: 'Consult with a concierge via contact form' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

describe('/ehime video (item 7)', () => {
  beforeEach(() => {
    stubFetch((url) =>
      url.pathname === '/api/experiences' ? { status: 200, body: { items: [] } } : undefined,
    );
  });

  it('embeds the configured video, muted, instead of a still image linking to search results', async () => {
    renderWithApp(<EhimePage />, {
      config: { ...testConfig, ehimeVideoUrl: 'https://www.youtube.com/watch?v=Ab3_xY9-k2Q' },
    });
    const video = await screen.findByTitle('Video: Ehime in motion', {}, { timeout: 4000 });
    const src = new URL(video.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/Ab3_xY9-k2Q');
    expect(src.searchParams.get('mute')).toBe('1');
    expect(screen.queryByRole('link', { name: /Watch videos/ })).toBeNull();
    expect(document.querySelector('a[href*="youtube.com/results"]')).toBeNull();
  });

  it('leaves the video section out when no video is configured', async () => {
    renderWithApp(<EhimePage />, { config: { ...testConfig, ehimeVideoUrl: null } });
    await screen.findByRole('heading', { name: 'How to reach Ehime' }, { timeout: 4000 });
    expect(screen.queryByRole('heading', { name: 'Ehime in motion' })).toBeNull();
    expect(document.querySelector('a[href*="youtube.com"]')).toBeNull();
  });
});
