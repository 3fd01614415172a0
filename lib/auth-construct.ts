import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ADMIN_PASSWORD_MIN_LENGTH, ADMIN_TEMPORARY_PASSWORD_DAYS } from '../functions/domain/admin-password';
import {
  COGNITO_CODE_PARAMETER,
  COGNITO_USERNAME_PARAMETER,
  hostInvitationText,
} from '../functions/adapters/mail/templates/host-account-codes';

export interface AuthConstructProps {
  retainData: boolean;
  /** Refuses a host sign-up whose e-mail already has a host profile. */
  preSignUp: lambda.IFunction;
  /** Writes the Japanese sign-up, password-reset and e-mail verification code mails. */
  customMessage: lambda.IFunction;
  /** Creates the host profile once a host confirms their e-mail. */
  postConfirmation: lambda.IFunction;
  /** How Cognito sends the host pool's mails (our SES identity in AWS); Cognito's own sender when absent. */
  hostEmail?: cognito.UserPoolEmail;
}

/** The admin pool's own password rule (issue 29, `domain/admin-password.ts`). */
export const ADMIN_PASSWORD_POLICY: cognito.PasswordPolicy = {
  minLength: ADMIN_PASSWORD_MIN_LENGTH,
  requireLowercase: false,
  requireDigits: false,
  requireUppercase: false,
  requireSymbols: false,
  tempPasswordValidity: Duration.days(ADMIN_TEMPORARY_PASSWORD_DAYS),
};

export interface UserPoolWithClient {
  pool: cognito.UserPool;
  client: cognito.UserPoolClient;
}

/**
 * Two Cognito user pools: hosts sign themselves up (e-mail verification), admins are created by an operator
 * script (`scripts/create-admin.ts`). The SPA signs in with SRP in AWS; USER_PASSWORD_AUTH exists only in the
 * local emulator, which has no SRP.
 */
export class AuthConstruct extends Construct {
  readonly hosts: UserPoolWithClient;
  readonly admins: UserPoolWithClient;

  constructor(scope: Construct, id: string, props: AuthConstructProps) {
    super(scope, id);
    const removalPolicy = props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const passwordPolicy: cognito.PasswordPolicy = {
      // The specification's rule is "at least 8 characters"; the forms validate exactly that, so Cognito must not
      // reject a password the form accepted.
      minLength: 8,
      requireLowercase: false,
      requireDigits: false,
      requireUppercase: false,
      requireSymbols: false,
      tempPasswordValidity: Duration.days(3),
    };

    const hostPool = new cognito.UserPool(this, 'HostPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: {
        business_name: new cognito.StringAttribute({ minLen: 1, maxLen: 200, mutable: true }),
      },
      passwordPolicy,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: props.retainData,
      removalPolicy,
      ...(props.hostEmail ? { email: props.hostEmail } : {}),
      lambdaTriggers: {
        preSignUp: props.preSignUp,
        customMessage: props.customMessage,
        postConfirmation: props.postConfirmation,
      },
      // The invitation of a host an admin created (issue 21), in Japanese; the custom-message trigger sends the
      // same words in the product's layout, this is what Cognito sends should the trigger leave it unchanged.
      userInvitation: {
        emailSubject: hostInvitationText().subject,
        emailBody: hostInvitationText().plain(COGNITO_USERNAME_PARAMETER, COGNITO_CODE_PARAMETER),
      },
      // What Cognito sends if the custom-message trigger ever leaves a message unchanged.
      userVerification: {
        emailSubject: '【確認コード】ホストアカウントの登録 / Verify your host account',
        emailBody: '確認コード / Verification code: {####}',
        emailStyle: cognito.VerificationEmailStyle.CODE,
      },
    });
    const hostClient = hostPool.addClient('HostWebClient', {
      authFlows: { userSrp: true },
      // The SPA signs up with the e-mail and the business name (`custom:business_name`, read by the
      // post-confirmation trigger) and nothing else a host could set on their own account.
      writeAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({ email: true })
        .withCustomAttributes('business_name'),
      preventUserExistenceErrors: true,
      generateSecret: false,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    const adminPool = new cognito.UserPool(this, 'AdminPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: false } },
      // Issue 29: an admin can refund, cancel and create hosts; their password is a long one of their own.
      passwordPolicy: ADMIN_PASSWORD_POLICY,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      deletionProtection: props.retainData,
      removalPolicy,
      // Every admin enrols an authenticator app at first sign-in and types a code at every sign-in (DESIGN §4d).
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection (the Plus plan, per admin and month): sign-ins with credentials known from breaches are
      // refused, and risky sign-ins (new device, place, pattern) are blocked, not only counted.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
    });
    // What threat protection does, for every app client of the pool: block compromised credentials at sign-in and
    // password change; block medium- and high-risk sign-ins (an admin who is blocked asks another admin or an
    // operator); low risk asks for the TOTP code every admin types anyway. No notification mails (`Notify: false`):
    // they would need their own SES identity settings, and the alarm on failed admin sign-ins is the operator's.
    new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'AdminPoolRiskConfiguration', {
      userPoolId: adminPool.userPoolId,
      clientId: 'ALL',
      compromisedCredentialsRiskConfiguration: {
        eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
        actions: { eventAction: 'BLOCK' },
      },
      accountTakeoverRiskConfiguration: {
        actions: {
          highAction: { eventAction: 'BLOCK', notify: false },
          mediumAction: { eventAction: 'BLOCK', notify: false },
          lowAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
        },
      },
    });
    const adminClient = adminPool.addClient('AdminWebClient', {
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      generateSecret: false,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
    });

    this.hosts = { pool: hostPool, client: hostClient };
    this.admins = { pool: adminPool, client: adminClient };
  }
}
