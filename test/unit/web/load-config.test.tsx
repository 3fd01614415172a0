import { appConfigSchema } from '../../../web/src/lib/config';
import { parseAppConfig } from '../../../web/src/lib/load-config';
import { testConfig } from './support/render';

/** The shell validates /config.json without zod; it must accept and refuse exactly what the contract schema does. */
describe('zod-free config validation', () => {
  const samples: [string, unknown][] = [
    ['valid', testConfig],
    [
      'stripe with key and maps',
      { ...testConfig, payments: { provider: 'stripe', publishableKey: 'pk_test_1' }, mapsApiKey: 'k' },
    ],
    ['missing api base', { ...testConfig, apiBaseUrl: '' }],
    ['blank site name', { ...testConfig, siteName: '   ' }],
    ['bad stage', { ...testConfig, stage: 'test' }],
    ['base url not a url', { ...testConfig, baseUrl: 'localhost' }],
    ['missing cognito', { ...testConfig, cognito: undefined }],
    [
      'missing pool client',
      { ...testConfig, cognito: { ...testConfig.cognito, adminPool: { userPoolId: 'x', clientId: '' } } },
    ],
    ['unknown provider', { ...testConfig, payments: { provider: 'paypal', publishableKey: null } }],
    ['maps key missing', { ...testConfig, mapsApiKey: undefined }],
    [
      'every link configured, a mail link among them',
      {
        ...testConfig,
        links: {
          messenger: 'https://m.me/x',
          contactForm: 'mailto:concierge@example.jp',
          companySite: 'https://example.jp/',
          instagram: 'https://www.instagram.com/x/',
          facebook: 'https://www.facebook.com/x',
        },
      },
    ],
    ['links missing', { ...testConfig, links: undefined }],
    ['a link that is not a URL', { ...testConfig, links: { ...testConfig.links, messenger: 'm.me/x' } }],
    ['a script link', { ...testConfig, links: { ...testConfig.links, contactForm: 'javascript:alert(1)' } }],
    [
      'a plain http link',
      { ...testConfig, links: { ...testConfig.links, facebook: 'http://facebook.com/x' } },
    ],
    ['a link left out', { ...testConfig, links: { ...testConfig.links, companySite: undefined } }],
    ['video link', { ...testConfig, ehimeVideoUrl: 'https://www.youtube.com/watch?v=abcdefghijk' }],
    ['video link missing', { ...testConfig, ehimeVideoUrl: undefined }],
    ['video link not a URL', { ...testConfig, ehimeVideoUrl: 'youtube' }],
    ['analytics on', { ...testConfig, analytics: { enabled: true, gtmContainerId: 'GTM-AB12CD' } }],
    [
      'analytics on without a container',
      { ...testConfig, analytics: { enabled: true, gtmContainerId: null } },
    ],
    [
      'analytics with a bad container id',
      { ...testConfig, analytics: { enabled: true, gtmContainerId: 'x"><' } },
    ],
    ['analytics missing', { ...testConfig, analytics: undefined }],
    [
      'a WAF integration URL (issue 29)',
      { ...testConfig, wafIntegrationUrl: 'https://abc123.us-east-1.sdk.awswaf.com/abc123/def456/' },
    ],
    ['no WAF', { ...testConfig, wafIntegrationUrl: null }],
    ['a WAF integration URL over http', { ...testConfig, wafIntegrationUrl: 'http://waf.example.com/' }],
    ['a WAF integration URL that is no URL', { ...testConfig, wafIntegrationUrl: 'waf' }],
    ['not an object', 'hello'],
    ['the e2e test body', { stage: 'local', apiBaseUrl: '/api', siteName: 'Ehime Experiences' }],
  ];

  it.each(samples)('%s: same verdict as appConfigSchema', (_label, raw) => {
    const zod = appConfigSchema.safeParse(raw);
    const ours = parseAppConfig(raw);
    expect(ours.ok).toBe(zod.success);
    if (ours.ok && zod.success) expect(ours.config).toEqual(zod.data);
  });
});

describe('deployment settings in /config.json (audit items 2, 7 and 18)', () => {
  it('carries the external links, the /ehime video and the analytics flag; a link is a https or mail URL or null', () => {
    expect(parseAppConfig(testConfig)).toMatchObject({
      ok: true,
      config: { links: testConfig.links, ehimeVideoUrl: null, analytics: { enabled: false } },
    });
    for (const broken of [
      { ...testConfig, links: undefined },
      { ...testConfig, links: { ...testConfig.links, contactForm: 'javascript:alert(1)' } },
      { ...testConfig, ehimeVideoUrl: undefined },
      { ...testConfig, analytics: { enabled: true, gtmContainerId: null } },
    ]) {
      expect(appConfigSchema.safeParse(broken).success).toBe(false);
      expect(parseAppConfig(broken).ok).toBe(false);
    }
  });
});
