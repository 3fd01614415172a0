/**
 * Loads `/config.json` before the app renders, without zod: zod is the largest library the shell would otherwise
 * ship, and every page but the booking pages can do without it. `parseAppConfig` checks exactly what
 * `appConfigSchema` (config.ts, the contract the local server and the CDK stack are tested against) checks; a
 * component test runs both over the same samples so they cannot drift apart.
 */
import type { AppConfig, ConfigLoadResult } from './config';
import { GTM_CONTAINER_PATTERN, isExternalLinkUrl } from './external-url';

type Issue = string;

const LINK_KEYS = ['messenger', 'contactForm', 'companySite', 'instagram', 'facebook'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const isUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
};

/** `AppConfig` with strings trimmed as the zod schema does, or the list of problems. */
export function parseAppConfig(
  raw: unknown,
): { ok: true; config: AppConfig } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issues.push(`${path}: ${message}`);
  };
  if (!isRecord(raw)) return { ok: false, issues: ['(root): expected an object'] };
  need(
    raw.stage === 'local' || raw.stage === 'dev' || raw.stage === 'prod',
    'stage',
    'expected local, dev or prod',
  );
  for (const key of ['apiBaseUrl', 'region', 'siteName'] as const) need(nonEmpty(raw[key]), key, 'required');
  need(isUrl(raw.baseUrl), 'baseUrl', 'expected a URL');
  const cognito = raw.cognito;
  if (!isRecord(cognito)) issues.push('cognito: required');
  else {
    need(cognito.endpoint === null || isUrl(cognito.endpoint), 'cognito.endpoint', 'expected a URL or null');
    for (const pool of ['hostPool', 'adminPool'] as const) {
      const p = cognito[pool];
      if (!isRecord(p)) issues.push(`cognito.${pool}: required`);
      else {
        need(nonEmpty(p.userPoolId), `cognito.${pool}.userPoolId`, 'required');
        need(nonEmpty(p.clientId), `cognito.${pool}.clientId`, 'required');
      }
    }
  }
  const payments = raw.payments;
  if (!isRecord(payments)) issues.push('payments: required');
  else {
    need(
      payments.provider === 'stripe' || payments.provider === 'local',
      'payments.provider',
      'expected stripe or local',
    );
    need(
      payments.publishableKey === null || typeof payments.publishableKey === 'string',
      'payments.publishableKey',
      'expected a string or null',
    );
  }
  need(
    raw.mapsApiKey === null || typeof raw.mapsApiKey === 'string',
    'mapsApiKey',
    'expected a string or null',
  );
  const linkOrNull = (v: unknown) => v === null || isExternalLinkUrl(v);
  const links = raw.links;
  if (!isRecord(links)) issues.push('links: required');
  else {
    for (const key of LINK_KEYS)
      need(linkOrNull(links[key]), `links.${key}`, 'expected a https: or mailto: URL or null');
  }
  need(linkOrNull(raw.ehimeVideoUrl), 'ehimeVideoUrl', 'expected a https: URL or null');
  const analytics = raw.analytics;
  if (!isRecord(analytics)) issues.push('analytics: required');
  else {
    need(typeof analytics.enabled === 'boolean', 'analytics.enabled', 'expected true or false');
    const id = analytics.gtmContainerId;
    need(
      id === null || (typeof id === 'string' && GTM_CONTAINER_PATTERN.test(id)),
      'analytics.gtmContainerId',
      'expected GTM-… or null',
    );
    need(analytics.enabled !== true || id !== null, 'analytics', 'needs a container id when enabled');
  }
  const waf = raw.wafIntegrationUrl;
  need(
    waf === undefined ||
      waf === null ||
      (typeof waf === 'string' && waf.startsWith('https://') && isUrl(waf)),
    'wafIntegrationUrl',
    'expected a https: URL or null',
  );
  if (issues.length > 0) return { ok: false, issues };

  const c = raw as unknown as AppConfig;
  const pool = (p: AppConfig['cognito']['hostPool']) => ({
    userPoolId: p.userPoolId.trim(),
    clientId: p.clientId.trim(),
  });
  return {
    ok: true,
    config: {
      stage: c.stage,
      apiBaseUrl: c.apiBaseUrl.trim(),
      region: c.region.trim(),
      siteName: c.siteName.trim(),
      baseUrl: c.baseUrl,
      cognito: {
        endpoint: c.cognito.endpoint,
        hostPool: pool(c.cognito.hostPool),
        adminPool: pool(c.cognito.adminPool),
      },
      payments: { provider: c.payments.provider, publishableKey: c.payments.publishableKey },
      mapsApiKey: c.mapsApiKey,
      links: {
        messenger: c.links.messenger,
        contactForm: c.links.contactForm,
        companySite: c.links.companySite,
        instagram: c.links.instagram,
        facebook: c.links.facebook,
      },
      ehimeVideoUrl: c.ehimeVideoUrl,
      analytics: { enabled: c.analytics.enabled, gtmContainerId: c.analytics.gtmContainerId },
      ...(c.wafIntegrationUrl !== undefined ? { wafIntegrationUrl: c.wafIntegrationUrl } : {}),
    },
  };
}

/**
 * Loads and validates the configuration. Never throws: a missing or incomplete file is the "backend environment is
 * not set" case the app shows as a full-page error (guest spec §1).
 */
export async function loadAppConfig(
  fetchImpl: typeof fetch = fetch,
  url = '/config.json',
): Promise<ConfigLoadResult> {
  let raw: unknown;
  try {
    const res = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return { ok: false, reason: 'unreachable', detail: `${url} answered ${res.status}` };
    raw = await res.json();
  } catch (e) {
    return {
      ok: false,
      reason: 'unreachable',
      detail: `${url}: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const parsed = parseAppConfig(raw);
  return parsed.ok ? parsed : { ok: false, reason: 'invalid', detail: parsed.issues.join('; ') };
}
