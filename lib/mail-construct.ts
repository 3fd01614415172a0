import * as iam from 'aws-cdk-lib/aws-iam';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';

export interface MailConstructProps {
  mailDomain: string;
  senderAddress: string;
}

/** The SES identity mails are sent from (DKIM records to add at the DNS provider) and a configuration set. */
export class MailConstruct extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly senderAddress: string;

  constructor(scope: Construct, id: string, props: MailConstructProps) {
    super(scope, id);
    this.senderAddress = props.senderAddress;
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(props.mailDomain),
      configurationSet: this.configurationSet,
    });
  }

  /** `ses:SendEmail` (SES v2) from this identity through this configuration set, nothing else. */
  grantSend(grantee: iam.IGrantable): void {
    const stack = Stack.of(this);
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: this.identity.emailIdentityName,
          }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: this.configurationSet.configurationSetName,
          }),
        ],
      }),
    );
  }
}
