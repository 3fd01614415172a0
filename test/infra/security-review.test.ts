/**
 * Issue 29 in the templates: admin accounts (own password rule, one-day temporary passwords, threat protection
 * enforced), each function's role only for what it calls (no SES for payment events, no Stripe key for the mail
 * sender, the guest API writing only its own partitions), mails expiring after delivery (the table's TTL), and
 * WAF's challenge on new holds, lookups and code mails with the integration script the SPA needs.
 */
import { CHALLENGED_API_PATHS } from '../../functions/domain/bot-challenge';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../functions/domain/admin-password';
import { PUBLIC_API_WRITE_PARTITIONS } from '../../functions/adapters/dynamodb/keys';
import { CHALLENGE_IMMUNITY_SECONDS } from '../../lib/waf';
import { synthStack } from './synth';

const devApp = synthStack({ stage: 'dev' });
const dev = devApp.template();
const edge = devApp.edgeTemplate();

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> };
const resourcesOf = (t: typeof dev, type: string) =>
  Object.entries(t.findResources(type) as Record<string, Resource>);
const statementsOf = (fn: string): Statement[] =>
  resourcesOf(dev, 'AWS::IAM::Policy')
    .filter(([id]) => id.startsWith(`${fn}ServiceRoleDefaultPolicy`))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
const actionsOf = (fn: string) => statementsOf(fn).flatMap((s) => [s.Action].flat());
const readsSecret = (fn: string, secret: string) =>
  statementsOf(fn).some(
    (s) =>
      [s.Action].flat().includes('secretsmanager:GetSecretValue') &&
      JSON.stringify(s.Resource).includes(secret),
  );
const functionEnvironment = (fn: string) =>
  (
    resourcesOf(dev, 'AWS::Lambda::Function').find(([id]) => id.startsWith(fn))![1].Properties
      .Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;

describe('admin accounts', () => {
  const adminPool = resourcesOf(dev, 'AWS::Cognito::UserPool').find(([id]) => id.includes('AdminPool'))![1]
    .Properties;
  const hostPool = resourcesOf(dev, 'AWS::Cognito::UserPool').find(([id]) => id.includes('HostPool'))![1]
    .Properties;

  it(`gives the admin pool its own password rule: ${ADMIN_PASSWORD_MIN_LENGTH} characters, temporary passwords valid a day`, () => {
    expect(adminPool.Policies).toEqual({
      PasswordPolicy: expect.objectContaining({
        MinimumLength: ADMIN_PASSWORD_MIN_LENGTH,
        TemporaryPasswordValidityDays: 1,
      }),
    });
    // Hosts keep the specification's rule.
    expect(hostPool.Policies).toMatchObject({ PasswordPolicy: { MinimumLength: 8 } });
  });

  it('enforces threat protection on the admin pool (Plus plan): compromised credentials and risky sign-ins blocked', () => {
    expect(adminPool.UserPoolTier).toBe('PLUS');
    expect(adminPool.UserPoolAddOns).toEqual({ AdvancedSecurityMode: 'ENFORCED' });
    const [[, risk]] = resourcesOf(dev, 'AWS::Cognito::UserPoolRiskConfigurationAttachment') as [
      [string, Resource],
    ];
    expect(JSON.stringify(risk.Properties.UserPoolId)).toContain('AdminPool');
    expect(risk.Properties).toMatchObject({
      ClientId: 'ALL',
      CompromisedCredentialsRiskConfiguration: {
        EventFilter: expect.arrayContaining(['SIGN_IN', 'PASSWORD_CHANGE']),
        Actions: { EventAction: 'BLOCK' },
      },
      AccountTakeoverRiskConfiguration: {
        Actions: {
          HighAction: { EventAction: 'BLOCK', Notify: false },
          MediumAction: { EventAction: 'BLOCK', Notify: false },
        },
      },
    });
  });
});

describe('each role only for what its function calls', () => {
  it('sends mail through SES only from the mail sender and the admin API (resend)', () => {
    const senders = resourcesOf(dev, 'AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('"ses:SendEmail"'))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''))
      .sort();
    expect(senders).toEqual(['AdminApi', 'SendMails']);
    for (const fn of ['PaymentEvents', 'ExpireBookings', 'PublicApi', 'HostApi']) {
      expect(actionsOf(fn), fn).not.toContain('ses:SendEmail');
    }
  });

  it('gives the Stripe key to the functions that pay, never to the mail sender', () => {
    for (const fn of ['PublicApi', 'HostApi', 'AdminApi', 'PaymentEvents', 'ExpireBookings']) {
      expect(readsSecret(fn, 'StripeSecretKey'), fn).toBe(true);
    }
    expect(readsSecret('SendMails', 'StripeSecretKey')).toBe(false);
    expect(functionEnvironment('SendMails').STRIPE_SECRET_KEY_ARN).toBeUndefined();
  });

  it('lets the public API write only the partitions of its own flows (dynamodb:LeadingKeys); reads stay open', () => {
    const writes = statementsOf('PublicApi').filter((s) =>
      [s.Action].flat().some((a) => ['dynamodb:PutItem', 'dynamodb:UpdateItem'].includes(a)),
    );
    expect(writes).toHaveLength(1);
    expect([writes[0]!.Action].flat().sort()).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': PUBLIC_API_WRITE_PARTITIONS.map((p) => `${p}*`),
      },
    });
    // Only the table itself: writes never go to an index.
    expect(JSON.stringify(writes[0]!.Resource)).not.toContain('/index/');
    expect(PUBLIC_API_WRITE_PARTITIONS).not.toContain('CATEGORY#');
    expect(PUBLIC_API_WRITE_PARTITIONS).not.toContain('PROCESSED_EVENT#');
    const reads = statementsOf('PublicApi').find((s) => [s.Action].flat().includes('dynamodb:Query'))!;
    expect(reads.Condition).toBeUndefined();
  });

  it('expires delivered mails through the table TTL attribute the outbox sets', () => {
    const [[, table]] = resourcesOf(dev, 'AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });
});

describe('WAF challenge on holds, lookups and code mails', () => {
  const [[, acl]] = resourcesOf(edge, 'AWS::WAFv2::WebACL') as [[string, Resource]];
  const rules = acl.Properties.Rules as {
    Name: string;
    Priority: number;
    Action?: Record<string, unknown>;
    ChallengeConfig?: unknown;
    Statement: unknown;
  }[];

  it(`challenges POST ${CHALLENGED_API_PATHS.join(', ')} (a token ${CHALLENGE_IMMUNITY_SECONDS} s old at most)`, () => {
    const challenge = rules.find((r) => r.Action && 'Challenge' in r.Action);
    expect(challenge).toBeDefined();
    expect(challenge!.ChallengeConfig).toEqual({
      ImmunityTimeProperty: { ImmunityTime: CHALLENGE_IMMUNITY_SECONDS },
    });
    const statement = JSON.stringify(challenge!.Statement);
    expect(statement).toContain('"SearchString":"POST"');
    for (const path of CHALLENGED_API_PATHS) expect(statement).toContain(`"SearchString":"${path}"`);
    // Before the rate rules, after the managed rules.
    const rateRules = rules.filter((r) => r.Name.endsWith('PerIp'));
    expect(rateRules.every((r) => r.Priority > challenge!.Priority)).toBe(true);
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('reads the web ACL integration URL at deploy time and hands it to the SPA; the CSP lets its script run', () => {
    const [[, reader]] = resourcesOf(edge, 'Custom::AWS') as [[string, Resource]];
    const create = JSON.stringify(reader.Properties.Create);
    expect(create).toContain('getWebACL');
    expect(create).toContain('ApplicationIntegrationURL');
    const policies = resourcesOf(edge, 'AWS::IAM::Policy').map(([, p]) => JSON.stringify(p.Properties));
    expect(policies.some((p) => p.includes('wafv2:GetWebACL') && p.includes('WebAcl'))).toBe(true);

    const deployment = resourcesOf(dev, 'Custom::CDKBucketDeployment')
      .map(([, r]) => r.Properties)
      .find((p) => JSON.stringify(p.DistributionPaths ?? []).includes('/config.json'))!;
    // The URL crosses from us-east-1 as the other edge values do (a cross-region reference).
    expect(JSON.stringify(deployment.SourceMarkers)).toContain('ExportsReader');
    const csp = JSON.stringify(dev.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.sdk\.awswaf\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.sdk\.awswaf\.com/);
  });
});
