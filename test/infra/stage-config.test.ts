/** The deployment's guest-facing settings read from CDK context (audit items 2, 7 and 18). */
import { readStageConfig } from '../../lib/stage-config';

const context = (values: Record<string, unknown>) => (key: string) => values[key];

describe('readStageConfig: links, video and analytics', () => {
  it('reads every link from context and leaves the unconfigured ones out (null)', () => {
    const config = readStageConfig(
      context({
        contactFormUrl: 'https://forms.example.jp/contact',
        conciergeMessengerUrl: 'https://m.me/ehime.experiences',
        instagramUrl: '  https://www.instagram.com/ehime/  ',
        ehimeVideoUrl: 'https://www.youtube.com/watch?v=Ab3_xY9-k2Q',
      }),
    );
    expect(config.links).toEqual({
      contactForm: 'https://forms.example.jp/contact',
      messenger: 'https://m.me/ehime.experiences',
      companySite: null,
      instagram: 'https://www.instagram.com/ehime/',
      facebook: null,
    });
    expect(config.ehimeVideoUrl).toBe('https://www.youtube.com/watch?v=Ab3_xY9-k2Q');
    expect(config.analytics).toEqual({ enabled: false, gtmContainerId: null });
  });

  it('accepts a mail link for the contact form', () => {
    expect(
      readStageConfig(context({ contactFormUrl: 'mailto:concierge@example.jp' })).links.contactForm,
    ).toBe('mailto:concierge@example.jp');
  });

  it('refuses a link that is not a https or mail URL, naming the key', () => {
    for (const bad of ['forms.example.jp', 'http://example.jp', 'javascript:alert(1)']) {
      expect(() => readStageConfig(context({ facebookUrl: bad }))).toThrow(/facebookUrl/);
    }
    expect(() => readStageConfig(context({ ehimeVideoUrl: 'mailto:x@example.jp' }))).toThrow(/ehimeVideoUrl/);
  });

  it('turns analytics on only with a Google Tag Manager container', () => {
    expect(readStageConfig(context({ gtmContainerId: 'GTM-AB12CD' })).analytics).toEqual({
      enabled: true,
      gtmContainerId: 'GTM-AB12CD',
    });
    expect(() => readStageConfig(context({ gtmContainerId: 'UA-1234' }))).toThrow(/gtmContainerId/);
  });
});
