import { Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { CHALLENGED_API_PATHS } from '../functions/domain/bot-challenge';

/**
 * Per-IP request ceilings of the web ACLs, per 5-minute window (WAF's rate rules count per source address over a
 * sliding window). They sit well above what one honest guest or office does (the API's own per-client limits are
 * the fine ones: `BOOKING_LIMITS`, `LOOKUP_LIMITS`), and stop a script long before it costs much.
 */
export interface WafLimits {
  /** `POST /api/bookings` (new holds). */
  bookings: number;
  /** `POST /api/bookings/lookup` and `POST /api/bookings/receipt` (a receipt identifies the guest as a lookup does). */
  lookups: number;
  /** `POST /api/bookings/cancel` and `POST /api/bookings/cancel-code`. */
  cancels: number;
  /** Every `/api/*` request but the catalogue's reads. */
  api: number;
  /**
   * `GET` of the catalogue routes CloudFront caches (issue 33): mostly answered from the edge, so a hotel or a
   * school behind one address may browse a lot of it; the ceiling only stops a scraper.
   */
  catalogue: number;
  /** Host sign-up calls to the host pool (`SignUp`, `ConfirmSignUp`, `ResendConfirmationCode`, `ForgotPassword`). */
  signUps: number;
}

export const DEFAULT_WAF_LIMITS: WafLimits = {
  bookings: 60,
  lookups: 100,
  cancels: 30,
  api: 3000,
  catalogue: 20000,
  signUps: 30,
};

const WINDOW_SECONDS = 300;

/**
 * How long a solved challenge counts (WAF's token immunity): the SPA asks the integration script for a fresh token
 * before each challenged request, so this only needs to outlast one request.
 */
export const CHALLENGE_IMMUNITY_SECONDS = 300;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** A rate rule per source address, counted only for the requests `scope` matches (all of them when absent). */
function rateRule(
  name: string,
  priority: number,
  limit: number,
  scope?: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit,
        evaluationWindowSec: WINDOW_SECONDS,
        ...(scope ? { scopeDownStatement: scope } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

const textTransformations = [{ priority: 0, type: 'NONE' }];

/** Requests whose path is exactly `path` (the API routes never take a trailing slash). */
const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations,
  },
});

/**
 * `GET` (or `HEAD`) of a catalogue route CloudFront caches (`lib/web-construct.ts`): the cards, an experience, its
 * reviews, the categories, a host. Availability (`/api/experiences/{id}/availability`) is not one of them.
 */
export const CATALOGUE_READ_PATH = '^/api/(experiences(/[^/]+(/reviews)?)?|categories|hosts/[^/]+)$';
const catalogueReads: wafv2.CfnWebACL.StatementProperty = {
  andStatement: {
    statements: [
      {
        orStatement: {
          statements: ['GET', 'HEAD'].map((method) => ({
            byteMatchStatement: {
              fieldToMatch: { method: {} },
              positionalConstraint: 'EXACTLY',
              searchString: method,
              textTransformations,
            },
          })),
        },
      },
      {
        regexMatchStatement: {
          fieldToMatch: { uriPath: {} },
          regexString: CATALOGUE_READ_PATH,
          textTransformations,
        },
      },
    ],
  },
};

/** `POST` requests to one of `CHALLENGED_API_PATHS`. */
const challengedRequests: wafv2.CfnWebACL.StatementProperty = {
  andStatement: {
    statements: [
      {
        byteMatchStatement: {
          fieldToMatch: { method: {} },
          positionalConstraint: 'EXACTLY',
          searchString: 'POST',
          textTransformations,
        },
      },
      { orStatement: { statements: CHALLENGED_API_PATHS.map(pathIs) } },
    ],
  },
};

export interface EdgeWafStackProps extends StackProps {
  limits: WafLimits;
}

/**
 * The distribution's web ACL. A CLOUDFRONT-scope web ACL must live in us-east-1 whatever region the product is in,
 * so it has a small stack of its own there; the product's stack takes its ARN through CDK's cross-region references
 * (`crossRegionReferences`: an SSM parameter in us-east-1, read back by a custom resource at deploy time), and
 * `cdk deploy --all` deploys this one first.
 */
export class EdgeWafStack extends Stack {
  readonly webAclArn: string;
  /**
   * The web ACL's application integration URL (`https://….sdk.awswaf.com/…/`): where the SPA loads WAF's
   * `challenge.js`, which solves the challenge in the browser and sets the token cookie. CloudFormation does not
   * expose it, so a custom resource reads it with `GetWebACL` at deploy time.
   */
  readonly integrationUrl: string;

  constructor(scope: Construct, id: string, props: EdgeWafStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const { limits } = props;
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Managed common rules and per-IP rate rules in front of the site and its API',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('SiteWebAcl'),
      rules: [
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 0,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // Photo upload forms (up to 10 MB, POST /uploads) and experience forms are bigger than the rule
              // set's 8 KB body limit: count, don't block (S3's policy and the API's 64 KB limit bound them).
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('CommonRuleSet'),
        },
        // Issue 29: new holds, lookups and code mails only from a browser that solved WAF's silent challenge
        // (a token younger than the immunity time); a script without one gets WAF's 202 challenge page.
        {
          name: 'ChallengeHoldsAndLookups',
          priority: 1,
          action: { challenge: {} },
          challengeConfig: { immunityTimeProperty: { immunityTime: CHALLENGE_IMMUNITY_SECONDS } },
          statement: challengedRequests,
          visibilityConfig: visibility('ChallengeHoldsAndLookups'),
        },
        rateRule('BookingsPerIp', 2, limits.bookings, pathIs('/api/bookings')),
        rateRule('LookupsPerIp', 3, limits.lookups, {
          orStatement: { statements: [pathIs('/api/bookings/lookup'), pathIs('/api/bookings/receipt')] },
        }),
        rateRule('CancelsPerIp', 4, limits.cancels, {
          orStatement: { statements: [pathIs('/api/bookings/cancel'), pathIs('/api/bookings/cancel-code')] },
        }),
        rateRule('ApiPerIp', 5, limits.api, {
          andStatement: {
            statements: [
              {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations,
                },
              },
              { notStatement: { statement: catalogueReads } },
            ],
          },
        }),
        rateRule('CatalogueReadsPerIp', 6, limits.catalogue, catalogueReads),
      ],
    });
    this.webAclArn = acl.attrArn;

    const getWebAcl: cr.AwsSdkCall = {
      service: 'WAFV2',
      action: 'getWebACL',
      // The ACL's Ref is `name|id|scope`.
      parameters: { Name: Fn.select(0, Fn.split('|', acl.ref)), Id: acl.attrId, Scope: 'CLOUDFRONT' },
      physicalResourceId: cr.PhysicalResourceId.of(acl.attrId),
      outputPaths: ['ApplicationIntegrationURL'],
    };
    const integration = new cr.AwsCustomResource(this, 'WebAclIntegrationUrl', {
      onCreate: getWebAcl,
      onUpdate: getWebAcl,
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: [acl.attrArn] }),
      installLatestAwsSdk: false,
    });
    this.integrationUrl = integration.getResponseField('ApplicationIntegrationURL');
    // The custom resource's singleton provider function, which CDK adds at the stack root.
    const provider = this.node.tryFindChild(AWS_CUSTOM_RESOURCE_PROVIDER_ID);
    if (provider) {
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'CDK-managed AwsCustomResource provider (reads the web ACL integration URL once per deploy): the managed policy only lets it write its own logs.',
      });
    }
  }
}

/** The construct id CDK gives the singleton function behind every `AwsCustomResource` of a stack. */
const AWS_CUSTOM_RESOURCE_PROVIDER_ID = 'AWS679f53fac002430cb0da5b7982bd2287';

/**
 * Host sign-up does not pass through CloudFront: the SPA calls Cognito's endpoint. A REGIONAL web ACL on the host
 * pool (in the product's region) caps the sign-up and code-mail calls per address, so a script cannot make our SES
 * identity mail strangers at Cognito's pace.
 */
export class HostPoolWaf extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPoolArn: string; limits: WafLimits }) {
    super(scope, id);
    const signUpCalls = ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword'];
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'Per-IP rate rule on host sign-up and code mails',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('HostPoolWebAcl'),
      rules: [
        rateRule('HostSignUpsPerIp', 0, props.limits.signUps, {
          orStatement: {
            statements: signUpCalls.map((call) => ({
              byteMatchStatement: {
                fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                positionalConstraint: 'EXACTLY',
                searchString: `AWSCognitoIdentityProviderService.${call}`,
                textTransformations,
              },
            })),
          },
        }),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
