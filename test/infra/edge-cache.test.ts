/**
 * The catalogue at the edge and the API's throttles (issue 33, DESIGN §4i): which API paths CloudFront caches, for
 * how long and under which key; that availability, bookings and the back office never are; the stage's and the
 * routes' throttles from `API_THROTTLES`; WAF's per-IP ceilings leave cached catalogue reads alone; production
 * without the execute-api endpoint.
 */
import { API_THROTTLES } from '../../lib/stage-config';
import { DEFAULT_WAF_LIMITS } from '../../lib/waf';
import { PROD_API_DOMAIN, synthStack } from './synth';

const devApp = synthStack({ stage: 'dev' });
const dev = devApp.template();
const prod = synthStack({ stage: 'prod' }).template();

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (t: typeof dev, type: string) =>
  Object.entries(t.findResources(type) as Record<string, Resource>);

interface Behaviour {
  PathPattern: string;
  CachePolicyId: unknown;
  AllowedMethods: string[];
  OriginRequestPolicyId: string;
  TargetOriginId: string;
  Compress?: boolean;
}
interface CachePolicyConfig {
  Comment: string;
  MinTTL: number;
  DefaultTTL: number;
  MaxTTL: number;
  ParametersInCacheKeyAndForwardedToOrigin: {
    QueryStringsConfig: { QueryStringBehavior: string; QueryStrings?: string[] };
    HeadersConfig: { HeaderBehavior: string; Headers?: string[] };
    CookiesConfig: { CookieBehavior: string };
  };
}

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const behaviours = (
  resourcesOf(dev, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
    CacheBehaviors: Behaviour[];
  }
).CacheBehaviors;
const behaviour = (path: string) => {
  const found = behaviours.find((b) => b.PathPattern === path);
  if (!found) throw new Error(`no behaviour for ${path}`);
  return found;
};
/** The cache policy a behaviour uses (one of ours: its logical id is in the `Ref`). */
const policyOf = (path: string): CachePolicyConfig => {
  const ref = JSON.stringify(behaviour(path).CachePolicyId);
  const found = resourcesOf(dev, 'AWS::CloudFront::CachePolicy').find(([id]) => ref.includes(`"${id}"`));
  if (!found) throw new Error(`${path} does not use a cache policy of ours: ${ref}`);
  return found[1].Properties.CachePolicyConfig as CachePolicyConfig;
};
/** Which behaviour CloudFront picks for a path: the first pattern that matches, in the distribution's order. */
const behaviourFor = (path: string) =>
  behaviours.find((b) =>
    new RegExp(`^${b.PathPattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path),
  )!;

describe('catalogue reads cached at CloudFront', () => {
  it.each([
    ['/api/experiences', ['prefecture', 'categories', 'sort', 'q', 'limit', 'cursor']],
    ['/api/experiences/*/reviews', ['cursor', 'limit']],
    ['/api/experiences/*', []],
    ['/api/categories', []],
    ['/api/hosts/*', []],
  ])('%s: 60 s (0 for no-store), keyed by the path and %j only', (path, queryStrings) => {
    const policy = policyOf(path);
    expect(policy).toMatchObject({ MinTTL: 0, DefaultTTL: 60, MaxTTL: 300 });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    if (queryStrings.length === 0) {
      expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'none' });
    } else {
      expect(key.QueryStringsConfig.QueryStringBehavior).toBe('whitelist');
      expect([...key.QueryStringsConfig.QueryStrings!].sort()).toEqual([...queryStrings].sort());
    }
    // The API answers the same in every language (the SPA translates): no header, no cookie in the key.
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    const b = behaviour(path);
    expect(b.AllowedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    expect(b.TargetOriginId).toBe(behaviour('/api/*').TargetOriginId);
  });

  it('routes each public read to the right behaviour: availability, bookings and the back office stay uncached', () => {
    const cached = (path: string) => behaviourFor(path).CachePolicyId !== CACHING_DISABLED;
    expect(cached('/api/experiences')).toBe(true);
    expect(cached('/api/experiences/abc')).toBe(true);
    expect(cached('/api/experiences/abc/reviews')).toBe(true);
    expect(cached('/api/categories')).toBe(true);
    expect(cached('/api/hosts/h1')).toBe(true);
    for (const live of [
      '/api/experiences/abc/availability',
      '/api/bookings',
      '/api/bookings/b1/payment-confirmed',
      '/api/bookings/lookup',
      '/api/reviews/token',
      '/api/host/experiences',
      '/api/admin/bookings',
      '/api/health',
    ]) {
      expect(behaviourFor(live).CachePolicyId, live).toBe(CACHING_DISABLED);
    }
    expect(behaviourFor('/api/bookings').AllowedMethods).toEqual(expect.arrayContaining(['POST']));
  });
});

describe('API throttles sized from the peak', () => {
  const stage = resourcesOf(dev, 'AWS::ApiGatewayV2::Stage')[0]![1];
  const settings = stage.Properties.RouteSettings as Record<
    string,
    { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
  >;

  it('gives every route without its own bucket the stage default', () => {
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: API_THROTTLES.defaultRoute.rateLimit,
      ThrottlingBurstLimit: API_THROTTLES.defaultRoute.burstLimit,
    });
  });

  it('takes the 200-a-second booking peak on POST /api/bookings, keeps availability live and the rest lower', () => {
    expect(settings['POST /api/bookings']).toEqual({ ThrottlingRateLimit: 250, ThrottlingBurstLimit: 500 });
    expect(settings['POST /api/bookings']!.ThrottlingRateLimit).toBeGreaterThanOrEqual(200);
    expect(settings['GET /api/experiences/{id}/availability']).toEqual({
      ThrottlingRateLimit: 1000,
      ThrottlingBurstLimit: 2000,
    });
    expect(settings['POST /api/bookings/lookup']).toEqual({
      ThrottlingRateLimit: 20,
      ThrottlingBurstLimit: 40,
    });
    expect(settings['POST /api/payments/stripe-webhook']).toEqual({
      ThrottlingRateLimit: 100,
      ThrottlingBurstLimit: 200,
    });
    expect(settings['GET /api/host/dashboard']).toEqual({
      ThrottlingRateLimit: 100,
      ThrottlingBurstLimit: 200,
    });
    expect(settings['GET /api/admin/dashboard']).toEqual({
      ThrottlingRateLimit: 20,
      ThrottlingBurstLimit: 40,
    });
  });

  it('names only routes that exist, and the stage waits for them', () => {
    const routeIds = new Map(
      resourcesOf(dev, 'AWS::ApiGatewayV2::Route').map(([id, r]) => [r.Properties.RouteKey as string, id]),
    );
    const [stageResource] = Object.values(
      dev.findResources('AWS::ApiGatewayV2::Stage') as Record<string, { DependsOn?: string[] }>,
    );
    for (const key of Object.keys(settings)) {
      expect(routeIds.has(key), key).toBe(true);
      expect(stageResource!.DependsOn, key).toContain(routeIds.get(key));
    }
  });
});

describe('WAF and the cached catalogue', () => {
  const edge = devApp.edgeTemplate();
  const [[, acl]] = resourcesOf(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
  const rules = acl.Properties.Rules as {
    Name: string;
    Statement: { RateBasedStatement?: { Limit: number; ScopeDownStatement?: unknown } };
  }[];

  it('counts catalogue reads apart, with a ceiling far above browsing from one shared address', () => {
    const catalogue = rules.find((r) => r.Name === 'CatalogueReadsPerIp')!;
    expect(catalogue.Statement.RateBasedStatement!.Limit).toBe(DEFAULT_WAF_LIMITS.catalogue);
    expect(DEFAULT_WAF_LIMITS.catalogue).toBeGreaterThan(DEFAULT_WAF_LIMITS.api);
    const api = rules.find((r) => r.Name === 'ApiPerIp')!;
    expect(JSON.stringify(api.Statement.RateBasedStatement!.ScopeDownStatement)).toContain('NotStatement');
  });
});

describe('production without the execute-api endpoint', () => {
  it('disables execute-api and serves the API under its own domain only', () => {
    prod.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    prod.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: PROD_API_DOMAIN.apiDomainName,
    });
    expect(() =>
      synthStack({ stage: 'prod', context: { apiDomainName: '', apiCertificateArn: '' } }),
    ).toThrow(/apiDomainName/);
  });
});
