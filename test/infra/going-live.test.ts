/**
 * Going live (DESIGN §4d, issue 16): the web ACLs, the API reachable through CloudFront only, the viewer's address
 * forwarded, each function's own permissions, the host API's reserved concurrency and Cognito mailing through SES.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_WAF_LIMITS } from '../../lib/waf';
import { BACK_OFFICE_TABLE_ACTIONS, TABLE_READ_WRITE } from '../../lib/marketplace-stack';
import { PROD_API_DOMAIN, synthStack } from './synth';

const devApp = synthStack({ stage: 'dev' });
const dev = devApp.template();
const edge = devApp.edgeTemplate();
const prodApp = synthStack({ stage: 'prod' });
const prod = prodApp.template();

type Resource = { Type: string; Properties: Record<string, unknown> };
const resourcesOf = (t: typeof dev, type: string) =>
  Object.entries(t.findResources(type) as Record<string, Resource>);
const distributionOf = (t: typeof dev) =>
  resourcesOf(t, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
    WebACLId: unknown;
    Origins: { DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    CacheBehaviors: { PathPattern: string; TargetOriginId: string; OriginRequestPolicyId: string }[];
  };

describe('WAF', () => {
  const [[aclId, acl]] = resourcesOf(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
  const rules = acl.Properties.Rules as {
    Name: string;
    Statement: {
      ManagedRuleGroupStatement?: { Name: string };
      RateBasedStatement?: { Limit: number; AggregateKeyType: string; ScopeDownStatement?: unknown };
    };
    Action?: unknown;
  }[];
  const rateRuleOn = (path: string) =>
    rules.find((r) =>
      JSON.stringify(r.Statement.RateBasedStatement?.ScopeDownStatement ?? '').includes(`"${path}"`),
    );

  it('is a CLOUDFRONT web ACL in a stack of its own in us-east-1', () => {
    expect(devApp.edge.region).toBe('us-east-1');
    expect(devApp.stack.region).toBe('ap-northeast-1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(aclId).toMatch(/^WebAcl/);
  });

  it('runs the AWS managed common rule set, counting (not blocking) large upload bodies', () => {
    const common = rules.find(
      (r) => r.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
    );
    expect(common).toBeDefined();
    expect(JSON.stringify(common)).toContain('SizeRestrictions_BODY');
  });

  it('has a per-IP rate rule on booking, lookup and cancel, answering 429', () => {
    for (const [path, limit] of [
      ['/api/bookings', DEFAULT_WAF_LIMITS.bookings],
      ['/api/bookings/lookup', DEFAULT_WAF_LIMITS.lookups],
      ['/api/bookings/receipt', DEFAULT_WAF_LIMITS.lookups],
      ['/api/bookings/cancel', DEFAULT_WAF_LIMITS.cancels],
    ] as const) {
      const rule = rateRuleOn(path);
      expect(rule, path).toBeDefined();
      expect(rule!.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', Limit: limit });
      expect(rule!.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    }
  });

  it('is attached to the distribution (through the cross-region reference)', () => {
    const webAcl = JSON.stringify(distributionOf(dev).WebACLId);
    expect(webAcl).toMatch(/ExportsReader/);
    expect(webAcl).toContain('WebAcl');
  });

  it('limits host sign-ups per IP with a regional web ACL on the host pool (sign-up does not pass CloudFront)', () => {
    const [[, regional]] = resourcesOf(dev, 'AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(regional.Properties.Scope).toBe('REGIONAL');
    const text = JSON.stringify(regional.Properties.Rules);
    expect(text).toContain('AWSCognitoIdentityProviderService.SignUp');
    expect(text).toContain(`"Limit":${DEFAULT_WAF_LIMITS.signUps}`);
    const [[, association]] = resourcesOf(dev, 'AWS::WAFv2::WebACLAssociation') as [[string, Resource]];
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain('HostPool');
  });

  it('takes other limits from the stage config', () => {
    const custom = synthStack({ stage: 'dev', context: { wafLimits: '{"bookings":25}' } }).edgeTemplate();
    expect(JSON.stringify(custom.findResources('AWS::WAFv2::WebACL'))).toContain('"Limit":25');
    expect(() => synthStack({ stage: 'dev', context: { wafLimits: '{"lookups":3}' } })).toThrow(
      /wafLimits\.lookups/,
    );
  });
});

describe('the API behind CloudFront only', () => {
  const apiOriginOf = (t: typeof dev) => {
    const config = distributionOf(t);
    const behaviour = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    return { behaviour, origin: config.Origins.find((o) => JSON.stringify(o).includes('x-origin-verify'))! };
  };

  it('sends the origin secret header from Secrets Manager, resolved at deploy time', () => {
    const { origin } = apiOriginOf(dev);
    const header = origin.OriginCustomHeaders!.find((h) => h.HeaderName === 'x-origin-verify')!;
    expect(JSON.stringify(header.HeaderValue)).toMatch(/resolve:secretsmanager:.*OriginVerifySecret/);
    const [[secretId]] = resourcesOf(dev, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('OriginVerifySecret'),
    ) as [[string, Resource]];
    expect(JSON.stringify(header.HeaderValue)).toContain(secretId);
  });

  it("forwards CloudFront's headers (CloudFront-Viewer-Address) but not Host to the API", () => {
    // The managed AllViewerExceptHostHeader policy: every viewer header but Host, and CloudFront's own headers.
    expect(apiOriginOf(dev).behaviour.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });

  it('gives the API functions (the documents function of issue 28 among them) the secret ARN and read access to it, and no other function', () => {
    const fns = resourcesOf(dev, 'AWS::Lambda::Function');
    const withSecret = fns.filter(([, f]) =>
      JSON.stringify(f.Properties.Environment ?? {}).includes('ORIGIN_VERIFY_SECRET_ARN'),
    );
    expect(withSecret.map(([id]) => id.replace(/[A-F0-9]{8}$/, '')).sort()).toEqual([
      'AdminApi',
      'DocumentsApi',
      'HostApi',
      'PublicApi',
    ]);
    const readers = resourcesOf(dev, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('OriginVerifySecret'))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(readers.sort()).toEqual(['AdminApi', 'DocumentsApi', 'HostApi', 'PublicApi']);
  });

  it('prod disables the execute-api endpoint and CloudFront uses the API domain', () => {
    prod.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    prod.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: PROD_API_DOMAIN.apiDomainName,
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: PROD_API_DOMAIN.apiCertificateArn })],
    });
    prod.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: Match.anyValue() });
    expect(apiOriginOf(prod).origin.DomainName).toBe(PROD_API_DOMAIN.apiDomainName);
  });

  it('prod cannot be synthesised without the API domain; dev without one keeps execute-api', () => {
    expect(() =>
      synthStack({ stage: 'prod', context: { apiDomainName: '', apiCertificateArn: '' } }),
    ).toThrow(/apiDomainName/);
    dev.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: false });
    const withDomain = synthStack({ stage: 'dev', context: PROD_API_DOMAIN }).template();
    withDomain.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
  });
});

describe('per-function permissions', () => {
  const statementsOf = (fn: string) =>
    resourcesOf(dev, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith(`${fn}ServiceRoleDefaultPolicy`))
      .flatMap(
        ([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
      );
  const tableActionsOf = (fn: string) =>
    statementsOf(fn)
      .flatMap((s) => [s.Action].flat() as string[])
      .filter((a) => a.startsWith('dynamodb:'))
      .sort();

  it('the public API, payment events and the expiry job change items but cannot delete them', () => {
    for (const fn of ['PublicApi', 'PaymentEvents', 'ExpireBookings']) {
      expect(tableActionsOf(fn), fn).toEqual([...TABLE_READ_WRITE].sort());
      expect(tableActionsOf(fn), fn).not.toContain('dynamodb:DeleteItem');
    }
  });

  it('only the back offices may delete items', () => {
    for (const fn of ['HostApi', 'AdminApi'])
      expect(tableActionsOf(fn), fn).toEqual([...BACK_OFFICE_TABLE_ACTIONS].sort());
  });

  it('only the host API reaches the images bucket; only the webhook relay its signing secret', () => {
    for (const fn of ['PublicApi', 'AdminApi', 'PaymentEvents', 'ExpireBookings']) {
      // The public API reads the search index snapshot of its own bucket (test/infra/catalogue-index.test.ts).
      const statements = statementsOf(fn).filter(
        (s) => !JSON.stringify(s.Resource).includes('CatalogueIndexBucket'),
      );
      expect(JSON.stringify(statements), fn).not.toMatch(/"s3:/);
    }
    expect(JSON.stringify(statementsOf('HostApi'))).toMatch(/"s3:PutObject"/);
    const webhookReaders = resourcesOf(dev, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('StripeWebhookSecret'))
      .map(([id]) => id);
    expect(webhookReaders).toHaveLength(1);
    expect(webhookReaders[0]).toMatch(/^StripeWebhookRelay/);
  });
});

describe('limits and mail', () => {
  const hostApi = () =>
    resourcesOf(dev, 'AWS::Lambda::Function').find(([id]) => id.startsWith('HostApi'))![1].Properties;

  it('reserves concurrency for the host API (stage config), and for no other function', () => {
    expect(hostApi().ReservedConcurrentExecutions).toBe(10);
    const reserved = resourcesOf(dev, 'AWS::Lambda::Function').filter(
      ([, f]) => f.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toHaveLength(1);
    const none = synthStack({ stage: 'dev', context: { hostApiReservedConcurrency: 0 } }).template();
    const host = resourcesOf(none, 'AWS::Lambda::Function').find(([id]) => id.startsWith('HostApi'))![1];
    expect(host.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('Cognito mails hosts through our SES identity and configuration set', () => {
    const hostPool = resourcesOf(dev, 'AWS::Cognito::UserPool').find(([id]) => id.includes('HostPool'))![1];
    expect(hostPool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Ehime Experiences <no-reply@example.com>',
      SourceArn: expect.anything(),
      ConfigurationSet: expect.anything(),
    });
    expect(JSON.stringify(hostPool.Properties.EmailConfiguration)).toContain('identity/example.com');
    // The first deploy of an account, before SES has verified the identity, leaves it to Cognito.
    const first = synthStack({ stage: 'dev', context: { cognitoMailViaSes: 'false' } }).template();
    const firstPool = resourcesOf(first, 'AWS::Cognito::UserPool').find(([id]) =>
      id.includes('HostPool'),
    )![1];
    expect(firstPool.Properties.EmailConfiguration).toBeUndefined();
  });
});
