/**
 * Operator helper: creates an administrator in the admin user pool (admins cannot sign themselves up).
 *
 *   npx tsx scripts/create-admin.ts --pool <AdminUserPoolId> --email ops@example.com [--region ap-northeast-1]
 *
 * Cognito mails the new admin a temporary password; they choose their own at first sign-in. With
 * `--password '<permanent>'` the password is set directly instead (no mail). Either way the admin pool requires
 * TOTP: the first sign-in enrols an authenticator app (QR code or key in the admin sign-in screen). Credentials come from the usual AWS
 * profile/environment. `--endpoint` points at a local emulator (cognito-local) for trying it out.
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    pool: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
    endpoint: { type: 'string' },
  },
});

const usage =
  'Usage: npx tsx scripts/create-admin.ts --pool <AdminUserPoolId> --email <address> [--password <pw>]';
if (!values.pool || !values.email) {
  console.error(usage);
  process.exit(2);
}
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(`Not an e-mail address: ${values.email}`);
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}

const client = new CognitoIdentityProviderClient({
  region: values.region,
  ...(values.endpoint ? { endpoint: values.endpoint } : {}),
});

try {
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: values.pool,
      Username: values.email,
      UserAttributes: [
        { Name: 'email', Value: values.email },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: values.password ? [] : ['EMAIL'],
      ...(values.password ? { MessageAction: 'SUPPRESS' as const } : {}),
    }),
  );
  if (values.password) {
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: values.pool,
        Username: values.email,
        Password: values.password,
        Permanent: true,
      }),
    );
    console.log(
      `Admin ${values.email} created with the given password; the first sign-in enrols an authenticator app.`,
    );
  } else {
    console.log(
      `Admin ${values.email} created; Cognito has mailed a temporary password. The first sign-in sets a new one and enrols an authenticator app.`,
    );
  }
} catch (e) {
  const name = (e as { name?: string }).name;
  console.error(
    name === 'UsernameExistsException'
      ? `An admin with the e-mail ${values.email} already exists.`
      : `Could not create the admin: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exit(1);
}
