/** Audit item 14: an unknown experience gets the not-found treatment (noindex, a way back to the list). */
import { screen, waitFor } from '@testing-library/react';
import { ExperienceDetailPage } from '../../../web/src/features/experience-detail/pages/experience-detail-page';
import { renderWithApp, stubFetch } from './support/render';

describe('experience detail: an experience that does not exist', () => {
  it('says so with a not-found page that is not indexed and leads back to the list', async () => {
    const calls = stubFetch(() => undefined); // every path answers 404 not_found
    renderWithApp(<ExperienceDetailPage />, {
      path: '/experience/:id',
      initialEntry: '/experience/no-such-experience',
    });
    expect(
      await screen.findByRole('heading', { name: 'Experience not found', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse experiences' })).toHaveAttribute('href', '/experiences');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Experience not found | Ehime Experiences'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    // A 404 is final: asked once, not retried.
    expect(calls.filter((u) => u.pathname === '/api/experiences/no-such-experience')).toHaveLength(1);
  });
});
