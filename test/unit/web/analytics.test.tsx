/** Audit item 18: the specification's booking_request_complete event, behind the deployment's analytics flag. */
import { startAnalytics, trackEvent } from '../../../web/src/lib/analytics';

const gtmScripts = () => document.querySelectorAll('script[src*="googletagmanager.com"]');

afterEach(() => {
  for (const s of gtmScripts()) s.remove();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

describe('analytics', () => {
  it('when off: no third-party script, and events go nowhere', () => {
    const off = { enabled: false, gtmContainerId: null };
    startAnalytics(off);
    trackEvent(off, 'booking_request_complete', { price_total: 10000, experience_id: 'e1' });
    expect(gtmScripts()).toHaveLength(0);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toBeUndefined();
  });

  it('when on: loads the container once and pushes the event with the specification’s fields', () => {
    const on = { enabled: true, gtmContainerId: 'GTM-AB12CD' };
    startAnalytics(on);
    startAnalytics(on);
    expect(gtmScripts()).toHaveLength(1);
    expect(gtmScripts()[0]!.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
    );
    trackEvent(on, 'booking_request_complete', { price_total: 10000, experience_id: 'e1' });
    expect((window as { dataLayer?: unknown[] }).dataLayer).toContainEqual({
      event: 'booking_request_complete',
      price_total: 10000,
      experience_id: 'e1',
    });
  });

  it.each(['/host', '/host/experiences', '/admin', '/admin/bookings/b1'])(
    'loads no third-party script on a back-office page (%s), even with analytics on',
    async (path) => {
      vi.resetModules();
      const fresh = await import('../../../web/src/lib/analytics');
      fresh.startAnalytics({ enabled: true, gtmContainerId: 'GTM-AB12CD' }, path);
      expect(gtmScripts()).toHaveLength(0);
      // A guest page of the same deployment still gets it.
      fresh.startAnalytics({ enabled: true, gtmContainerId: 'GTM-AB12CD' }, '/hosted-tours');
      expect(gtmScripts()).toHaveLength(1);
    },
  );
});
