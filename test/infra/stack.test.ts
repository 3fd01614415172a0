import { Match } from 'aws-cdk-lib/assertions';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appConfigSchema } from '../../web/src/lib/config';
import { routes } from '../../functions/api/routes';
import { GLOBAL_INDEXES } from '../../functions/adapters/dynamodb/table-definition';
import { ADMIN_API_HOST_POOL_ACTIONS } from '../../lib/marketplace-stack';
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
          // GSI8, the jobs' "work due" index, holds only keys (issue 33).
          Projection: { ProjectionType: i.name === 'GSI8' ? 'KEYS_ONLY' : 'ALL' },
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

  it('host pool runs the three host triggers (pre-sign-up, custom message, post-confirmation); the admin pool none', () => {
    const config = hostPool!.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    expect(Object.keys(config).sort()).toEqual(['CustomMessage', 'PostConfirmation', 'PreSignUp']);
    expect(config.PreSignUp!['Fn::GetAtt'][0]).toMatch(/^HostPreSignUp[A-F0-9]{8}$/);
    expect(config.CustomMessage!['Fn::GetAtt'][0]).toMatch(/^HostCustomMessage[A-F0-9]{8}$/);
    expect(config.PostConfirmation!['Fn::GetAtt'][0]).toMatch(/^HostPostConfirmation[A-F0-9]{8}$/);
    expect(adminPool!.LambdaConfig).toBeUndefined();

    // Cognito may invoke each trigger, and only on behalf of the host pool.
    const hostPoolId = resourcesOf(dev, 'AWS::Cognito::UserPool').find(
      ([, r]) => r.Properties === hostPool,
    )![0];
    const permissions = resourcesOf(dev, 'AWS::Lambda::Permission')
      .map(([, r]) => r.Properties)
      .filter((p) => p.Principal === 'cognito-idp.amazonaws.com');
    for (const trigger of ['HostPreSignUp', 'HostCustomMessage', 'HostPostConfirmation']) {
      const permission = permissions.find((p) => JSON.stringify(p.FunctionName).includes(trigger));
      expect(permission, trigger).toBeDefined();
      expect(JSON.stringify(permission!.SourceArn)).toContain(hostPoolId);
    }
  });

  it('host pool invites an admin-created host in Japanese, with the sign-in name and temporary password', () => {
    const invitation = (hostPool!.AdminCreateUserConfig as { InviteMessageTemplate?: Record<string, string> })
      .InviteMessageTemplate;
    expect(invitation?.EmailSubject).toBe('【Ehime Experiences】ホストアカウントが作成されました');
    expect(invitation?.EmailMessage).toContain('{username}');
    expect(invitation?.EmailMessage).toContain('{####}');
    expect(invitation?.EmailMessage).toContain('仮パスワード');
  });

  it('host pool declares the business name given at sign-up, and the web client may write only it and the e-mail', () => {
    expect(hostPool!.Schema).toContainEqual(
      expect.objectContaining({ Name: 'business_name', AttributeDataType: 'String', Mutable: true }),
    );
    const hostClient = resourcesOf(dev, 'AWS::Cognito::UserPoolClient')
      .map(([, r]) => r.Properties)
      .find((c) => JSON.stringify(c.UserPoolId).includes('HostPool'));
    expect([...(hostClient!.WriteAttributes as string[])].sort()).toEqual(['custom:business_name', 'email']);
    expect(hostClient!.PreventUserExistenceErrors).toBe('ENABLED');
  });

  it('admin pool requires TOTP (no SMS) with short sessions; the host pool has no MFA', () => {
    expect(adminPool).toMatchObject({ MfaConfiguration: 'ON', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    expect(hostPool!.MfaConfiguration ?? 'OFF').toBe('OFF');
    expect(hostPool!.EnabledMfas).toBeUndefined();
    const adminClient = resourcesOf(dev, 'AWS::Cognito::UserPoolClient')
      .map(([, r]) => r.Properties)
      .find((c) => JSON.stringify(c.UserPoolId).includes('AdminPool'));
    expect(adminClient).toMatchObject({
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 720,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
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
        'documents-api': 'Receipts and monthly statements',
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
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
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
      expect(s.id).not.toMatch(/PostConfirmation|PreSignUp|CustomMessage|WebhookRelay/);
    }
  });

  it('gives the pre-sign-up trigger GetItem on the table alone (no index, no write), the custom-message trigger nothing', () => {
    const preSignUp = statements.filter((s) => s.id.includes('HostPreSignUp'));
    expect(preSignUp).toHaveLength(1);
    expect(actionsOf(preSignUp[0]!)).toEqual(['dynamodb:GetItem']);
    expect(preSignUp[0]!.Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^DataTable/), 'Arn'] });
    expect(statements.filter((s) => s.id.includes('HostCustomMessage'))).toEqual([]);
  });

  it('lets only the admin API manage host users, with exactly the calls it makes, on the host pool only', () => {
    const cognito = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.length).toBeGreaterThan(0);
    for (const s of cognito) {
      expect(s.id).toMatch(/^AdminApi/);
      expect([...actionsOf(s)].sort()).toEqual([...ADMIN_API_HOST_POOL_ACTIONS].sort());
      expect(JSON.stringify(s.Resource)).toContain('HostPool');
      expect(JSON.stringify(s.Resource)).not.toContain('AdminPool');
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

/** A CloudFront function of the dev stack, by a word of its comment. */
function cloudFrontFunction(comment: string): Resource {
  const found = resourcesOf(dev, 'AWS::CloudFront::Function').find(([, fn]) =>
    String((fn.Properties.FunctionConfig as { Comment: string }).Comment).includes(comment),
  );
  if (!found) throw new Error(`no CloudFront function about ${comment}`);
  return found[1];
}

describe('photos (DESIGN §4b)', () => {
  const distribution = resourcesOf(dev, 'AWS::CloudFront::Distribution')[0]![1].Properties
    .DistributionConfig as {
    CacheBehaviors: Record<string, unknown>[];
    Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: Record<string, unknown> }[];
  };
  const behaviour = (path: string) => distribution.CacheBehaviors.find((b) => b.PathPattern === path)!;
  const [imagesBucketId] = resourcesOf(dev, 'AWS::S3::Bucket').find(([id]) => id.includes('ImagesBucket'))!;

  it('takes upload forms at /uploads on the site itself and forwards them, uncached, to the images bucket root', () => {
    const uploads = behaviour('/uploads');
    expect(uploads.AllowedMethods).toEqual(expect.arrayContaining(['POST']));
    expect(uploads.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(uploads.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
    expect(uploads.ViewerProtocolPolicy).toBe('https-only');
    const origin = distribution.Origins.find((o) => o.Id === uploads.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(imagesBucketId);
    expect(JSON.stringify(origin.DomainName)).toContain('RegionalDomainName');
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    // Run the function's code as CloudFront would.
    const code = String(cloudFrontFunction('upload forms').Properties.FunctionCode);
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => Record<string, unknown>;
    expect(
      handler({ request: { method: 'POST', uri: '/uploads', querystring: { a: { value: '1' } } } }),
    ).toEqual({
      method: 'POST',
      uri: '/',
      querystring: {},
    });
    expect(handler({ request: { method: 'GET', uri: '/uploads', querystring: {} } })).toMatchObject({
      statusCode: 405,
    });
  });

  it('serves /images/* for a year, immutable, and lets CloudFront read nothing outside images/', () => {
    const images = behaviour('/images/*');
    const [, cachePolicy] = resourcesOf(dev, 'AWS::CloudFront::CachePolicy').find(([id]) =>
      JSON.stringify(images.CachePolicyId).includes(id),
    )!;
    expect(cachePolicy.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 31536000,
      MaxTTL: 31536000,
      ParametersInCacheKeyAndForwardedToOrigin: expect.objectContaining({
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
      }),
    });
    const [, headers] = resourcesOf(dev, 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) =>
      JSON.stringify(images.ResponseHeadersPolicyId).includes(id),
    )!;
    expect(JSON.stringify(headers.Properties)).toContain('public, max-age=31536000, immutable');
    expect(JSON.stringify(headers.Properties)).toContain('StrictTransportSecurity');
    const policy = JSON.stringify(
      resourcesOf(dev, 'AWS::S3::BucketPolicy').find(([, p]) =>
        JSON.stringify(p).includes(imagesBucketId),
      )![1],
    );
    expect(policy).toContain('"Effect":"Deny"');
    expect(policy).toContain('"NotResource"');
    expect(policy).toContain('/images/*');
  });

  it('deletes uploads nobody attached after a day (and deleted photos’ old versions in prod)', () => {
    for (const [template, versioned] of [
      [dev, false],
      [prod, true],
    ] as const) {
      const [, bucket] = resourcesOf(template, 'AWS::S3::Bucket').find(([id]) =>
        id.includes('ImagesBucket'),
      )!;
      const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
      );
      expect(rules.some((r) => r.Prefix === 'images/' && r.NoncurrentVersionExpiration)).toBe(versioned);
    }
  });

  it('lets only the back offices touch the images bucket: uploads/ and images/p/, no listing, no other prefix', () => {
    const policies = resourcesOf(dev, 'AWS::IAM::Policy').map(([id, r]) => [id, r.Properties] as const);
    const s3Statements = policies.flatMap(([id, p]) =>
      ((p.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement ?? [])
        .filter((s) => JSON.stringify(s.Resource).includes(imagesBucketId))
        .map((s) => ({ id, actions: [s.Action].flat() as string[], resource: JSON.stringify(s.Resource) })),
    );
    const holders = new Set(s3Statements.map((s) => s.id));
    expect([...holders].every((id) => /^(HostApi|AdminApi)/.test(id))).toBe(true);
    expect([...holders].some((id) => id.startsWith('HostApi'))).toBe(true);
    for (const s of s3Statements) {
      if (s.resource.includes('/uploads/*')) {
        expect(s.actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
      } else {
        expect(s.resource).toContain('/images/p/*');
        // Read too: a duplicated experience copies its published photos.
        expect(s.actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
      }
    }
  });

  it('gives the functions that process photos a full vCPU and time to spare within the gateway timeout', () => {
    const [, hostApi] = resourcesOf(dev, 'AWS::Lambda::Function').find(([id]) => id.startsWith('HostApi'))!;
    expect(hostApi.Properties).toMatchObject({ MemorySize: 1769, Timeout: 29 });
    expect(JSON.stringify(hostApi.Properties.Environment)).toContain('IMAGES_BUCKET');
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
    expect(JSON.stringify(images.TargetOriginId)).toMatch(/ImagesBucket|Origin/);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
      expect.objectContaining({ EventType: 'viewer-response' }),
    ]);
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
    expect(
      appConfigSchema.safeParse({
        ...resolved,
        baseUrl: 'https://d111.cloudfront.net',
        // What the web ACL's integration URL (issue 29) resolves to at deploy time.
        wafIntegrationUrl: 'https://a1b2c3.us-east-1.sdk.awswaf.com/a1b2c3/d4e5f6/',
      }).success,
    ).toBe(true);
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
    const stripeSecrets = resourcesOf(dev, 'AWS::SecretsManager::Secret').filter(([id]) =>
      /Stripe|Webhook/.test(id),
    );
    expect(stripeSecrets).toHaveLength(2);
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
