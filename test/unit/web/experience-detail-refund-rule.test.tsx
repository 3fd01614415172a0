/**
 * Issue 15 item 2: the detail page says the experience's refund rule in the words the booking form, the lookup page
 * and the approved mail use (`describeRefundRule`), beside the host's own policy text.
 */
import { screen } from '@testing-library/react';
import { ExperienceDetailPage } from '../../../web/src/features/experience-detail/pages/experience-detail-page';
import { experienceFixture } from './host/support';
import { renderWithApp, stubFetch } from './support/render';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('experience detail: the refund rule', () => {
  it('says the rule in words, the best tier first, then the host’s own policy', async () => {
    const experience = {
      ...experienceFixture({ publicationStatus: 'public' }),
      refundRule: [
        { daysBefore: 3, refundPercentage: 50 },
        { daysBefore: 14, refundPercentage: 100 },
      ],
    };
    stubFetch((url) =>
      url.pathname === `/api/experiences/${experience.id}` ? { status: 200, body: experience } : undefined,
    );
    renderWithApp(<ExperienceDetailPage />, {
      path: '/experience/:id',
      initialEntry: `/experience/${experience.id}`,
    });
    const policy = await screen.findByRole('region', { name: 'Cancellation policy' }, { timeout: 15_000 });
    expect(policy).toHaveTextContent(
      'Full refund up to 14 days before the start; 50% refund up to 3 days before the start; no refund after that.',
    );
    expect(policy).toHaveTextContent('Free cancellation up to 7 days before.');
  });
});
