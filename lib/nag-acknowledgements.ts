import { Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import type { CfnUserPool } from 'aws-cdk-lib/aws-cognito';
import type { CfnBucket, IBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { UPLOAD_KEY_PREFIX } from '../functions/domain/schemas/experience-form';
import { PAGES_PREFIX } from '../functions/domain/guest-pages';
import { PHOTOS_PREFIX } from './web-construct';

/**
 * cdk-nag AwsSolutions findings we accept, each on the narrowest construct it applies to and with the reason a
 * reviewer would want. Anything not acknowledged here fails the synth (and the infra test that runs cdk-nag).
 */
export interface AcknowledgementTargets {
  /** Our Lambda functions (role, policy and runtime findings). */
  functions: IConstruct[];
  /** Functions granted the table, whose policies name its indexes with `/index/*`. */
  tableFunctions: IConstruct[];
  secrets: IConstruct[];
  /** The shared secret CloudFront sends to the API. */
  originSecret: IConstruct;
  deadLetterQueues: IConstruct[];
  userPools: IConstruct[];
  api: IConstruct;
  distribution: IConstruct;
  /** Functions that presign uploads and publish photos (`grantPhotoPipeline`), and the bucket they work in. */
  photoFunctions: IConstruct[];
  imagesBucket: IBucket;
  /** The guest-page renderer, which writes `pages/*` of the site bucket (`lib/guest-pages-construct.ts`). */
  pageRenderer: IConstruct;
  siteBucket: IBucket;
  /** Issue 33: the scheduled snapshot job of the catalogue's search index (`lib/catalogue-index-construct.ts`). */
  catalogueIndexJob: IConstruct;
}

const ack = (scope: IConstruct, id: string, reason: string) =>
  Validations.of(scope).acknowledge({ id, reason });

export function acknowledgeFindings(stack: Stack, t: AcknowledgementTargets): void {
  for (const fn of t.functions) {
    ack(
      fn,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AWSLambdaBasicExecutionRole only allows writing the function its own CloudWatch logs; a hand-written copy would be identical.',
    );
    ack(
      fn,
      'AwsSolutions-L1',
      'The issue fixes Lambda on Node.js 22 (the code is also tested on Node 20 locally); moving to a newer runtime is a deliberate upgrade, not a default.',
    );
  }
  for (const fn of t.tableFunctions) {
    ack(
      fn,
      'AwsSolutions-IAM5[Resource::<DataTableFDBAD0F2.Arn>/index/*]',
      'The single-table design queries its GSIs (GSI1 to GSI6); the wildcard covers only the indexes of our one table, and the actions are listed one by one (no Scan).',
    );
  }
  const bucketId = stack.getLogicalId(t.imagesBucket.node.defaultChild as CfnBucket);
  for (const fn of t.photoFunctions) {
    ack(
      fn,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${UPLOAD_KEY_PREFIX}*]`,
      'Each upload gets a fresh key under uploads/<host>/ when a host picks a photo, so the role that signs the form and later verifies and deletes the object cannot name it in advance; it reaches no other prefix and cannot list.',
    );
    ack(
      fn,
      `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${PHOTOS_PREFIX}*]`,
      'Published photos get fresh ids under images/p/ when they are verified; the role writes and deletes those variants only (no read, no list, no other prefix).',
    );
  }
  const siteBucketId = stack.getLogicalId(t.siteBucket.node.defaultChild as CfnBucket);
  ack(
    t.pageRenderer,
    `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/${PAGES_PREFIX}*]`,
    'The renderer writes and deletes one page per published experience under pages/ (their keys follow the experience ids, unknown at deploy time); it reaches no other prefix of the site bucket and reads only index.html and config.json.',
  );
  for (const secret of t.secrets) {
    ack(
      secret,
      'AwsSolutions-SMG4',
      'Stripe keys cannot be rotated by a Lambda: the operator rolls them in the Stripe dashboard and pastes the new value (README, Operations).',
    );
  }
  ack(
    t.originSecret,
    'AwsSolutions-SMG4',
    'CloudFront sends this value as a static origin header set at deploy time, so a Lambda rotation would lock CloudFront out of the API until the next deploy; it is replaced by redeploying (README, Operations).',
  );
  for (const queue of t.deadLetterQueues) {
    ack(
      queue,
      'AwsSolutions-SQS3',
      'This queue is itself the dead-letter queue of an EventBridge target or schedule (cdk-nag only recognises SQS redrive); it is alarmed on depth.',
    );
  }
  for (const pool of t.userPools) {
    ack(
      pool,
      'AwsSolutions-COG1',
      'The specification sets the password rule to at least 8 characters and the forms validate exactly that; Cognito must not reject what the form accepted.',
    );
    // The admin pool requires TOTP (DESIGN §4d) and needs no acknowledgement; the host pool has no MFA.
    if ((pool.node.defaultChild as CfnUserPool | undefined)?.mfaConfiguration !== 'ON') {
      ack(
        pool,
        'AwsSolutions-COG2',
        'Hosts sign in with e-mail and password only, as the specification says; admins, who can reach every guest and host account, must use TOTP (the admin pool requires it).',
      );
    }
    ack(
      pool,
      'AwsSolutions-COG8',
      'The Plus feature plan (threat protection) costs per active user; the Essentials plan fits a marketplace of this size. Revisit when the host count grows.',
    );
  }
  ack(
    t.api,
    'AwsSolutions-APIG4',
    'These routes are public by design (catalogue, availability, booking requests, lookup, Stripe webhook with its own signature check); host and admin routes use JWT authorizers.',
  );
  ack(
    t.distribution,
    'AwsSolutions-CFR1',
    'Guests come from every country to book tours in Japan; restricting by geography would turn customers away.',
  );
  ack(
    t.distribution,
    'AwsSolutions-CFR7',
    'The SPA and /images/* reach their buckets through origin access control. The /uploads origin (the images bucket REST endpoint, POST only) must not be signed by CloudFront: S3 authenticates each upload form by its presigned policy signature, which allows one key under uploads/, one type and one size range.',
  );
  ack(
    t.distribution,
    'AwsSolutions-CFR4',
    'The default *.cloudfront.net certificate cannot pin TLSv1.2; attaching a custom domain and ACM certificate (README) applies TLSv1.2_2021.',
  );

  // Constructs CDK adds at the stack root: the bucket-deployment provider and the scheduler's invoke role.
  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      ack(
        child,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK-managed BucketDeployment provider: the managed policy only lets it write its own logs.',
      );
      ack(
        child,
        'AwsSolutions-L1',
        'CDK-managed BucketDeployment provider: its runtime is chosen and updated by aws-cdk-lib.',
      );
      for (const finding of [
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${findingPart(stack.account, 'AWS::AccountId')}-${findingPart(stack.region, 'AWS::Region')}/*`,
        'Resource::<WebSiteBucket1E6F6F45.Arn>/*',
        'Resource::*',
      ]) {
        ack(
          child,
          `AwsSolutions-IAM5[${finding}]`,
          'CDK-managed BucketDeployment provider: it copies the SPA from the CDK asset bucket into the site bucket and invalidates CloudFront, which needs these object-level grants.',
        );
      }
    }
    if (child.node.id.startsWith('SchedulerRoleForTarget')) {
      ack(
        child,
        'AwsSolutions-IAM5[Resource::<ExpireBookings1CC7E210.Arn>:*]',
        'The scheduler role may invoke the expiry function and its versions only; CDK adds the `:*` qualifier for versions and aliases.',
      );
      ack(
        child,
        'AwsSolutions-IAM5[Resource::<SendMails1E5FEE1F.Arn>:*]',
        'The scheduler role may invoke the mail sender and its versions only; CDK adds the `:*` qualifier for versions and aliases.',
      );
      for (const [logicalId, job] of [
        ['CompleteBookings6AAD92BB', 'completion job'],
        ['SendReminders8FBA123B', 'reminder job'],
        ['SendReviewInvites969550A8', 'review invitation job'],
        ['PayHostsDE5BE68D', 'payout job'],
        ['ExpireOffers65F4C0D4', 'offer expiry job'],
        [
          stack.getLogicalId(t.catalogueIndexJob.node.defaultChild as CfnElement),
          'catalogue index snapshot job',
        ],
      ]) {
        ack(
          child,
          `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>:*]`,
          `The scheduler role may invoke the ${job} function and its versions only; CDK adds the \`:*\` qualifier for versions and aliases.`,
        );
      }
    }
  }
}

/** How cdk-nag spells a value in a finding id: the value itself, or `<AWS::…>` for an environment-agnostic stack. */
const findingPart = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
