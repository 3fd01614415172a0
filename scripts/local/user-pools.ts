/**
 * The local Cognito pools (hosts, admins) as `lib/auth-construct.ts` makes the AWS pools: created on the first start,
 * brought up to the current settings on every later one; and the demo admin's TOTP enrolment.
 */
import {
  AddCustomAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  type SchemaAttributeType,
  type UserPoolPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_TEMPORARY_PASSWORD_DAYS,
} from '../../functions/domain/admin-password';
import { DEMO_ADMIN } from '../seed/hosts';
import { enrolTotp } from './cognito-sign-in';
import type { PoolIds } from './stack-settings';

/**
 * The local pools get the settings `lib/auth-construct.ts` gives the AWS pools (see `ensureUserPool`): e-mail
 * usernames matched case-insensitively, e-mail verified at sign-up, this password rule (the specification's: at
 * least 8 characters, no character classes) and the app client's `PreventUserExistenceErrors`. The patched
 * cognito-local enforces them (`cognito-local-patches.ts`).
 */
const LOCAL_PASSWORD_POLICY: UserPoolPolicyType = {
  PasswordPolicy: {
    MinimumLength: 8,
    RequireLowercase: false,
    RequireUppercase: false,
    RequireNumbers: false,
    RequireSymbols: false,
    TemporaryPasswordValidityDays: 3,
  },
};

/** The admin pool's own rule, as `ADMIN_PASSWORD_POLICY` gives the AWS admin pool (issue 29). */
export const LOCAL_ADMIN_PASSWORD_POLICY: UserPoolPolicyType = {
  PasswordPolicy: {
    ...LOCAL_PASSWORD_POLICY.PasswordPolicy,
    MinimumLength: ADMIN_PASSWORD_MIN_LENGTH,
    TemporaryPasswordValidityDays: ADMIN_TEMPORARY_PASSWORD_DAYS,
  },
};

/** The host's business name, given at sign-up and read by the post-confirmation trigger. */
export const HOST_POOL_CUSTOM_ATTRIBUTES: SchemaAttributeType[] = [
  {
    Name: 'business_name',
    AttributeDataType: 'String',
    Mutable: true,
    StringAttributeConstraints: { MinLength: '1', MaxLength: '200' },
  },
];

export interface UserPoolOptions {
  name: string;
  selfSignUp: boolean;
  /** TOTP required, as the AWS admin pool (`mfa: Mfa.REQUIRED`, software tokens only). */
  mfa?: boolean;
  /** Custom attributes (without the `custom:` prefix), as the AWS pool declares them. */
  customAttributes?: SchemaAttributeType[];
  /** The pool's password rule; the hosts' (the specification's 8 characters) when absent. */
  policies?: UserPoolPolicyType;
}

/**
 * The pool (and its SPA app client) from a previous start, or a new one. A pool from a previous start gets the
 * current settings again, so a data folder made by an older version behaves like a new one.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  existing: PoolIds | undefined,
  options: UserPoolOptions,
): Promise<PoolIds> {
  const settings = {
    AutoVerifiedAttributes: ['email' as const],
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: !options.selfSignUp },
    Policies: options.policies ?? LOCAL_PASSWORD_POLICY,
  };
  if (existing) {
    try {
      const described = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
      await cognito.send(
        new DescribeUserPoolClientCommand({ UserPoolId: existing.userPoolId, ClientId: existing.clientId }),
      );
      await cognito.send(new UpdateUserPoolCommand({ UserPoolId: existing.userPoolId, ...settings }));
      await cognito.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: existing.userPoolId,
          ClientId: existing.clientId,
          PreventUserExistenceErrors: 'ENABLED',
        }),
      );
      await applyMfa(cognito, existing.userPoolId, options);
      const declared = new Set(described.UserPool?.SchemaAttributes?.map((a) => a.Name));
      const missing = (options.customAttributes ?? []).filter((a) => !declared.has(`custom:${a.Name}`));
      if (missing.length > 0) {
        await cognito.send(
          new AddCustomAttributesCommand({ UserPoolId: existing.userPoolId, CustomAttributes: missing }),
        );
      }
      return existing;
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name !== 'ResourceNotFoundException') throw e;
    }
  }
  const pool = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: options.name,
      // Sign-in by e-mail: the username is the e-mail address, whatever its letter case.
      UsernameAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      ...settings,
      ...(options.customAttributes ? { Schema: options.customAttributes } : {}),
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error(`cognito-local created no pool for ${options.name}`);
  await applyMfa(cognito, userPoolId, options);
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: `${options.name}-web`,
      GenerateSecret: false,
      // Locally the SPA signs in with USER_PASSWORD_AUTH (cognito-local has no SRP); in AWS the client uses SRP.
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const clientId = client.UserPoolClient?.ClientId;
  if (!clientId) throw new Error(`cognito-local created no app client for ${options.name}`);
  return { userPoolId, clientId };
}

/** The pool's MFA as in AWS (UpdateUserPool leaves it off, so it is set again on every start). */
async function applyMfa(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  options: UserPoolOptions,
) {
  if (!options.mfa) return;
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'ON',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

/**
 * The demo admin's first sign-in, as an admin does it in the SPA: an authenticator secret enrolled (`MFA_SETUP`),
 * so that `npm start` can print it beside the password. Null (and a log line) when the account cannot sign in,
 * e.g. after someone changed its password.
 */
export async function enrolDemoAdmin(
  cognito: CognitoIdentityProviderClient,
  clientId: string,
  log: (line: string) => void,
): Promise<string | null> {
  try {
    return (await enrolTotp(cognito, { clientId, ...DEMO_ADMIN })).secret;
  } catch (e) {
    log(`The demo admin's TOTP could not be enrolled: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}
