/**
 * The entry of the cognito-local child process (started by `cognito-local.ts` instead of the package's own bin):
 * installs our patches (`cognito-local-patches.ts`) and then runs cognito-local's bin in this same process, so
 * they apply to the modules it loads.
 *
 * With `COGNITO_LOCAL_MAIL_ENDPOINT` (the SES outbox) and `COGNITO_LOCAL_MAIL_FROM` set, every e-mail Cognito
 * would send is also sent there with SES v2 SendEmail, as Cognito does with a pool configured for SES.
 */
import { createRequire } from 'node:module';
import type * as SesV2 from '@aws-sdk/client-sesv2';
import {
  installCognitoLocalPatches,
  loadCognitoLocalInternals,
  type CognitoMail,
} from './cognito-local-patches';

// Every package is required through this function, resolved from this file's folder: the child runs a bundle of
// this file written to the data folder (see `cognito-local.ts`), where nothing would resolve.
const require = createRequire(import.meta.url);

const mailEndpoint = process.env.COGNITO_LOCAL_MAIL_ENDPOINT;
const mailFrom = process.env.COGNITO_LOCAL_MAIL_FROM;

function outboxSender(endpoint: string, from: string) {
  let client: { ses: SesV2.SESv2Client; SendEmailCommand: typeof SesV2.SendEmailCommand } | undefined;
  // Loaded with the first mail rather than at start: the SDK takes a few hundred milliseconds to load.
  const outbox = () => {
    if (client) return client;
    const { SESv2Client, SendEmailCommand } = require('@aws-sdk/client-sesv2') as typeof SesV2;
    const ses = new SESv2Client({
      endpoint,
      region: 'local',
      // The outbox accepts any key; these keep the SDK from looking for a profile on the machine.
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    client = { ses, SendEmailCommand };
    return client;
  };
  return async (mail: CognitoMail) => {
    const { ses, SendEmailCommand } = outbox();
    const body = mail.html
      ? { Html: { Data: mail.html, Charset: 'UTF-8' } }
      : { Text: { Data: mail.text ?? '', Charset: 'UTF-8' } };
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: body } },
      }),
    );
  };
}

installCognitoLocalPatches(loadCognitoLocalInternals(), {
  ...(mailEndpoint && mailFrom ? { sendMail: outboxSender(mailEndpoint, mailFrom) } : {}),
});
require('cognito-local/lib/bin/start.js');
