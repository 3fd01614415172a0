/**
 * Operator helper: creates an administrator in the admin user pool (admins cannot sign themselves up).
 *
 *   npx tsx scripts/create-admin.ts --pool <AdminUserPoolId> --email ops@example.com [--region ap-northeast-1]
 *   npx tsx scripts/create-admin.ts --pool <AdminUserPoolId> --email ops@example.com --print-temporary-password
 *
 * By default Cognito mails the new admin a temporary password. With `--print-temporary-password` no mail is sent:
 * the script draws a temporary password and prints it once, for the operator to hand over in person. Either way the
 * temporary password lapses after a day (the pool's rule), the admin chooses their own (at least 14 characters) at
 * the first sign-in and enrols an authenticator app (the pool requires TOTP).
 *
 * A password is never taken on the command line (issue 29): it would stay in the shell's history and in the
 * process list for every user of the machine to read. Credentials come from the usual AWS profile/environment.
 * `--endpoint` points at a local emulator (cognito-local) for trying it out.
 */
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../functions/domain/admin-password';

const usage =
  'Usage: npx tsx scripts/create-admin.ts --pool <AdminUserPoolId> --email <address> ' +
  '[--print-temporary-password] [--region <region>] [--endpoint <url>]';

if (process.argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
  console.error(
    'A password is not taken on the command line (it would stay in the shell history and the process list). ' +
      'Leave it out: Cognito mails a temporary password, or --print-temporary-password prints one once.',
  );
  process.exit(2);
}

let values: {
  pool?: string;
  email?: string;
  region: string;
  endpoint?: string;
  'print-temporary-password'?: boolean;
};
try {
  values = parseArgs({
    options: {
      pool: { type: 'string' },
      email: { type: 'string' },
      region: { type: 'string', default: process.env.AWS_REGION ?? 'ap-northeast-1' },
      endpoint: { type: 'string' },
      'print-temporary-password': { type: 'boolean' },
    },
  }).values;
} catch (e) {
  console.error(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  process.exit(2);
}

if (!values.pool || !values.email) {
  console.error(usage);
  process.exit(2);
}
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
  console.error(`Not an e-mail address: ${values.email}`);
  process.exit(2);
}

/**
 * 20 characters from 120 random bits (base64url), at least the pool's 14: strong enough to live a day, and free of
 * characters a terminal or a chat program would mangle.
 */
function temporaryPassword(): string {
  const password = randomBytes(15).toString('base64url');
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) throw new Error('temporary password too short');
  return password;
}

const client = new CognitoIdentityProviderClient({
  region: values.region,
  ...(values.endpoint ? { endpoint: values.endpoint } : {}),
});

const printOnce = values['print-temporary-password'] === true;
const password = printOnce ? temporaryPassword() : undefined;
try {
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: values.pool,
      Username: values.email,
      UserAttributes: [
        { Name: 'email', Value: values.email },
        { Name: 'email_verified', Value: 'true' },
      ],
      ...(password
        ? { TemporaryPassword: password, MessageAction: 'SUPPRESS' as const }
        : { DesiredDeliveryMediums: ['EMAIL' as const] }),
    }),
  );
  if (password) {
    console.log(
      `Admin ${values.email} created. Temporary password (shown once, valid for a day; hand it over in person):\n\n` +
        `  ${password}\n\n` +
        'The first sign-in sets a new password (at least 14 characters) and enrols an authenticator app.',
    );
  } else {
    console.log(
      `Admin ${values.email} created; Cognito has mailed a temporary password (valid for a day). The first sign-in sets a new one and enrols an authenticator app.`,
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
} finally {
  client.destroy();
}
