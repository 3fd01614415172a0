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
