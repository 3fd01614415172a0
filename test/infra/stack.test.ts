import { Match } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appConfigSchema } from '../../web/src/lib/config';
import { routes } from '../../functions/api/routes';
import { GLOBAL_INDEXES } from '../../functions/adapters/dynamodb/table-definition';
import { OUR_FUNCTION_ID, synthStack } from './synth';

const devApp = synthStack({ stage: 'dev' });
const dev = devApp.template();
const prod = synthStack({
  stage: 'prod',
  context: { stripePartnerBusName: 'aws.partner/stripe.com/ed_test_123' },
}).template();

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
const resourcesOf = (t: typeof dev, type: string) =>
  Object.entries(t.findResources(type) as Record<string, Resource>);

describe('data', () => {
  it('creates the single table from the shared definition, on demand, with PITR and TTL', () => {
    dev.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((i) =>
        Match.objectLike({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ],
    });
  });

  it('retains and protects the table in prod only', () => {
    const [[, prodTable]] = resourcesOf(prod, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(JSON.stringify(prodTable.Properties)).toContain('"DeletionProtectionEnabled":true');
    const [[, devTable]] = resourcesOf(dev, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    expect(devTable.DeletionPolicy).toBe('Delete');
  });
});

describe('auth', () => {
  const pools = resourcesOf(dev, 'AWS::Cognito::UserPool').map(([, r]) => r.Properties);
  const hostPool = pools.find(
    (p) => !(p.AdminCreateUserConfig as { AllowAdminCreateUserOnly?: boolean })?.AllowAdminCreateUserOnly,
  );
  const adminPool = pools.find(
    (p) => (p.AdminCreateUserConfig as { AllowAdminCreateUserOnly?: boolean })?.AllowAdminCreateUserOnly,
  );

  it('has exactly two pools: hosts sign themselves up, admins cannot', () => {
    expect(pools).toHaveLength(2);
    expect(hostPool).toBeDefined();
    expect(adminPool).toBeDefined();
  });

  it('host pool: e-mail sign-in and verification, password ≥ 8, recovery by e-mail, profile trigger', () => {
    expect(hostPool).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    expect((hostPool!.LambdaConfig as Record<string, unknown>).PostConfirmation).toBeDefined();
  });

  it('app clients use SRP, never plain password auth, and have no secret', () => {
    const clients = resourcesOf(dev, 'AWS::Cognito::UserPoolClient').map(([, r]) => r.Properties);
    expect(clients).toHaveLength(2);
    for (const client of clients) {
      expect(client.ExplicitAuthFlows).toContain('ALLOW_USER_SRP_AUTH');
      expect(client.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
      expect(client.GenerateSecret).toBe(false);
    }
  });
});

describe('api', () => {
  const functions = dev.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  const integrations = dev.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const authorizers = dev.findResources('AWS::ApiGatewayV2::Authorizer') as Record<string, Resource>;
  const apiRoutes = resourcesOf(dev, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);

  const functionOfIntegration = (target: unknown): string => {
    const integrationId = JSON.stringify(target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
    const uri = JSON.stringify(integrations[integrationId]?.Properties.IntegrationUri);
    const fnId = Object.keys(functions).find((id) => uri.includes(`"${id}"`));
    return String(functions[fnId ?? '']?.Properties.Description);
  };

  it('wires every route of the route table to its group function with the right authorizer', () => {
    const expected = routes.filter((r) => !r.localOnly);
    expect(expected.length).toBeGreaterThan(0);
    for (const route of expected) {
      const found = apiRoutes.find((r) => r.RouteKey === `${route.method} ${route.path}`);
      expect(found, `${route.method} ${route.path}`).toBeDefined();
      if (route.auth === 'public') {
        expect(found!.AuthorizationType).toBe('NONE');
      } else {
        expect(found!.AuthorizationType).toBe('JWT');
        const authorizerId = JSON.stringify(found!.AuthorizerId).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
        const authorizer = authorizers[authorizerId]!.Properties;
        const pool = route.auth === 'host' ? 'HostPool' : 'AdminPool';
        expect(JSON.stringify(authorizer.JwtConfiguration)).toContain(pool);
      }
      const description = functionOfIntegration(found!.Target);
      const group = {
        'public-api': 'Guest API',
        'host-api': 'Host back-office',
        'admin-api': 'Admin back-office',
        'local-api': 'never deployed',
      }[route.group];
      expect(description).toContain(group);
    }
  });

  it('has no local-only route in AWS', () => {
    for (const route of routes.filter((r) => r.localOnly)) {
      expect(apiRoutes.find((r) => r.RouteKey === `${route.method} ${route.path}`)).toBeUndefined();
    }
  });

  it('exposes the Stripe webhook relay as a public route', () => {
    const relay = apiRoutes.find((r) => r.RouteKey === 'POST /api/payments/stripe-webhook');
    expect(relay?.AuthorizationType).toBe('NONE');
    expect(functionOfIntegration(relay!.Target)).toContain('webhook');
  });

  it('throttles by default and writes access logs', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('routeKey') },
    });
  });
});

describe('functions', () => {
  const fns = resourcesOf(dev, 'AWS::Lambda::Function')
    .filter(([id]) => OUR_FUNCTION_ID.test(id))
    .map(([, r]) => r.Properties);

  it('run Node.js 22 on arm64 with JSON logs and source maps', () => {
    expect(fns.length).toBeGreaterThanOrEqual(5);
    for (const fn of fns) {
      expect(fn.Runtime).toBe('nodejs22.x');
      expect(fn.Architectures).toEqual(['arm64']);
      expect(fn.LoggingConfig).toMatchObject({ LogFormat: 'JSON' });
      expect(JSON.stringify(fn.Environment)).toContain('--enable-source-maps');
    }
  });
});

describe('least privilege', () => {
  const policies = resourcesOf(dev, 'AWS::IAM::Policy').map(([id, r]) => [id, r.Properties] as const);
  const statements = policies.flatMap(([id, p]) =>
    ((p.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement ?? []).map(
      (s): Record<string, unknown> & { id: string } => ({ ...s, id }),
    ),
  );
  const actionsOf = (s: Record<string, unknown>) => [s.Action].flat() as string[];

  it('grants no wildcard DynamoDB action and never Scan', () => {
    for (const s of statements) {
      for (const action of actionsOf(s)) {
        expect(action).not.toBe('dynamodb:*');
        expect(action).not.toMatch(/^dynamodb:Scan$/);
        expect(action).not.toBe('*');
      }
    }
  });

  it('names the table (and its indexes) as the resource of every DynamoDB grant', () => {
    for (const s of statements.filter((s) => actionsOf(s).some((a) => a.startsWith('dynamodb:')))) {
      const resources = [s.Resource].flat();
      expect(resources).not.toContain('*');
      expect(JSON.stringify(resources)).toMatch(/Table/);
    }
  });

  it('lets only the functions that send mail use SES, and only from our identity', () => {
    const ses = statements.filter((s) => actionsOf(s).includes('ses:SendEmail'));
    expect(ses.length).toBeGreaterThan(0);
    for (const s of ses) {
      expect(JSON.stringify(s.Resource)).toContain('identity/');
      expect(s.id).not.toMatch(/PostConfirmation|WebhookRelay/);
    }
  });

  it('gives the webhook relay PutEvents on the payments bus and its signing secret, nothing of the table', () => {
    const relay = statements.filter((s) => s.id.includes('StripeWebhookRelay'));
    const actions = relay.flatMap(actionsOf);
    expect(actions).toContain('events:PutEvents');
    expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(actions.some((a) => a.startsWith('secretsmanager:GetSecretValue'))).toBe(true);
  });
});

describe('web', () => {
  it('keeps both buckets private behind CloudFront with origin access control', () => {
    const oacs = resourcesOf(dev, 'AWS::CloudFront::OriginAccessControl');
    expect(oacs.length).toBeGreaterThanOrEqual(1);
    const distribution = resourcesOf(dev, 'AWS::CloudFront::Distribution')[0]![1].Properties;
    const origins = (distribution.DistributionConfig as { Origins: Record<string, unknown>[] }).Origins;
    const s3Origins = origins.filter((o) => o.S3OriginConfig !== undefined);
    expect(s3Origins).toHaveLength(2);
    for (const o of s3Origins) expect(o.OriginAccessControlId).toBeDefined();
    const bucketPolicies = resourcesOf(dev, 'AWS::S3::BucketPolicy').map(([, r]) =>
      JSON.stringify(r.Properties),
    );
    expect(
      bucketPolicies.filter((p) => p.includes('cloudfront.amazonaws.com') && p.includes('AWS:SourceArn')),
    ).toHaveLength(2);
    for (const [, bucket] of resourcesOf(dev, 'AWS::S3::Bucket')) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('routes /api/* uncached to the API, /images/* cached to the images bucket, the rest to the SPA', () => {
    const distribution = resourcesOf(dev, 'AWS::CloudFront::Distribution')[0]![1].Properties;
    const config = distribution.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      DefaultCacheBehavior: Record<string, unknown>;
    };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'PUT', 'DELETE', 'PATCH']));
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    const images = config.CacheBehaviors.find((b) => b.PathPattern === '/images/*')!;
    expect(images.CachePolicyId).toBe('658327ea-f89d-4fab-a63d-7e88639e58f6'); // Managed-CachingOptimized
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
  });

  it('rewrites client routes, not files, to index.html at the edge', () => {
    const [[, fn]] = resourcesOf(dev, 'AWS::CloudFront::Function') as [[string, Resource]];
    const code = String(fn.Properties.FunctionCode);
    // Run the function's code as CloudFront would.
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
    const run = (uri: string) => handler({ request: { uri } }).uri;
    expect(run('/experience/abc')).toBe('/index.html');
    expect(run('/host/dashboard')).toBe('/index.html');
    expect(run('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(run('/config.json')).toBe('/config.json');
  });

  it('sends HSTS, a CSP allowing Stripe and Google Maps, nosniff and frame denial', () => {
    dev.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
          }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: {
            ContentSecurityPolicy: Match.stringLikeRegexp('js\\.stripe\\.com.*maps\\.googleapis\\.com'),
            Override: true,
          },
        }),
      },
    });
  });

  it('deploys config.json generated from the stack outputs beside the SPA', () => {
    const deployment = resourcesOf(dev, 'Custom::CDKBucketDeployment')
      .map(([, r]) => r.Properties)
      .find((p) => JSON.stringify(p.DistributionPaths ?? []).includes('/config.json'))!;
    // Deploy-time values travel as markers that the deployment substitutes into the staged file.
    const markers = JSON.stringify(deployment.SourceMarkers);
    for (const ref of [
      'AuthHostPool',
      'AuthHostPoolHostWebClient',
      'AuthAdminPool',
      'AuthAdminPoolAdminWebClient',
    ]) {
      expect(markers).toContain(`"Ref":"${ref}`);
    }
    const staged = readdirSync(devApp.app.outdir)
      .map((d) => path.join(devApp.app.outdir, d, 'config.json'))
      .find((f) => existsSync(f));
    const config = JSON.parse(readFileSync(staged!, 'utf8'));
    // With the markers replaced by what they become, the SPA's own schema accepts the file.
    const resolved = JSON.parse(
      JSON.stringify(config)
        .replace(/<<marker:0xbaba:\d+>>/g, 'resolved-id')
        .replace(/\$\{Token\[[^\]]+\]\}/g, 'x'),
    );
    expect(appConfigSchema.safeParse({ ...resolved, baseUrl: 'https://d111.cloudfront.net' }).success).toBe(
      true,
    );
    expect(config).toMatchObject({
      stage: 'dev',
      apiBaseUrl: '/api',
      region: 'ap-northeast-1',
      cognito: {
        endpoint: null,
        hostPool: {
          userPoolId: expect.stringContaining('marker'),
          clientId: expect.stringContaining('marker'),
        },
        adminPool: {
          userPoolId: expect.stringContaining('marker'),
          clientId: expect.stringContaining('marker'),
        },
      },
      payments: { provider: 'stripe' },
      // No link, video or container configured for this stage: nothing is shown rather than a dead link.
      links: { messenger: null, contactForm: null, companySite: null, instagram: null, facebook: null },
      ehimeVideoUrl: null,
      analytics: { enabled: false, gtmContainerId: null },
    });
  });

  it('writes the configured links, video and analytics container into config.json, and lets the container load', () => {
    const { app, template } = synthStack({
      context: {
        contactFormUrl: 'https://forms.example.jp/contact',
        instagramUrl: 'https://www.instagram.com/ehime/',
        ehimeVideoUrl: 'https://www.youtube.com/watch?v=Ab3_xY9-k2Q',
        gtmContainerId: 'GTM-AB12CD',
      },
    });
    const synthesised = template();
    const staged = readdirSync(app.outdir)
      .map((d) => path.join(app.outdir, d, 'config.json'))
      .find((f) => existsSync(f));
    const config = JSON.parse(readFileSync(staged!, 'utf8'));
    expect(config.links).toEqual({
      messenger: null,
      contactForm: 'https://forms.example.jp/contact',
      companySite: null,
      instagram: 'https://www.instagram.com/ehime/',
      facebook: null,
    });
    expect(config.ehimeVideoUrl).toBe('https://www.youtube.com/watch?v=Ab3_xY9-k2Q');
    expect(config.analytics).toEqual({ enabled: true, gtmContainerId: 'GTM-AB12CD' });
    const csp = JSON.stringify(synthesised.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toContain('https://www.googletagmanager.com');
  });

  it('keeps the tag manager out of the CSP when analytics is off', () => {
    const csp = JSON.stringify(dev.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).not.toContain('googletagmanager');
  });
});

describe('payments and jobs', () => {
  it('delivers payment_intent events from the relay bus to the payment-events function with a DLQ', () => {
    dev.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: Match.objectLike({
        'detail-type': Match.arrayWith([
          'payment_intent.amount_capturable_updated',
          'payment_intent.canceled',
        ]),
      }),
      Targets: [
        Match.objectLike({
          DeadLetterConfig: { Arn: Match.anyValue() },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 8 }),
        }),
      ],
    });
  });

  it('adds a rule on the Stripe partner bus when it is configured', () => {
    prod.hasResourceProperties('AWS::Events::Rule', {
      EventBusName: 'aws.partner/stripe.com/ed_test_123',
      EventPattern: Match.objectLike({ source: [{ prefix: 'aws.partner/stripe.com' }] }),
    });
    expect(resourcesOf(dev, 'AWS::Events::Rule').map(([, r]) => JSON.stringify(r.Properties))).not.toEqual(
      expect.arrayContaining([expect.stringContaining('aws.partner/stripe.com/')]),
    );
  });

  it('keeps the Stripe secrets in Secrets Manager, not in function environments', () => {
    expect(resourcesOf(dev, 'AWS::SecretsManager::Secret')).toHaveLength(2);
    for (const [, fn] of resourcesOf(dev, 'AWS::Lambda::Function')) {
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toMatch(/sk_(live|test)_|whsec_/);
    }
  });

  it('runs the expiry job on a schedule', () => {
    dev.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      Target: Match.objectLike({ DeadLetterConfig: { Arn: Match.anyValue() } }),
    });
  });
});

describe('operations', () => {
  it('alarms on API 5xx, function errors and throttles, and DLQ depth', () => {
    const alarms = resourcesOf(dev, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
    const metrics = alarms.map((a) => `${a.Namespace}:${a.MetricName}`);
    expect(metrics).toContain('AWS/ApiGateway:5xx');
    expect(metrics).toContain('AWS/Lambda:Errors');
    expect(metrics).toContain('AWS/Lambda:Throttles');
    expect(metrics).toContain('AWS/SQS:ApproximateNumberOfMessagesVisible');
    for (const alarm of alarms) expect(alarm.AlarmActions).toHaveLength(1);
  });

  it('outputs the URL and the ids an operator needs', () => {
    const outputs = Object.keys(dev.findOutputs('*'));
    for (const name of [
      'SiteUrl',
      'HostUserPoolId',
      'AdminUserPoolId',
      'StripeSecretKeyArn',
      'StripeWebhookUrl',
      'TableName',
    ]) {
      expect(outputs).toContain(name);
    }
  });
});
