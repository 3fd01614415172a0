/**
 * The outbox sender's adapters (DESIGN §4f), built once per cold start (STYLE §4), apart from the booking
 * services: only the sender Lambda, the admin API (resend) and the local stack deliver mails, so the guest and
 * host APIs, which only write mail items in their transactions, carry neither the mailer nor the sender.
 */
import { DynamoMailOutbox } from '../dynamodb/mail-outbox';
import { SesMailer } from '../mail/ses-mailer';
import { callLimits } from '../outside-calls';
import { consoleJsonLogger } from '../../use-cases/console-logger';
import type { CalendarEvent, MailAttachment, MailMessage, MailOutbox, Mailer } from '../../use-cases/ports';
import { makeSendMails, type SendMails } from '../../use-cases/send-mails';
import { runtimeAdapters, type RuntimeAdapters } from './adapters';
import type { Environment } from './environment';
import { localClock, localMailerWrapper } from './guest-runtime';

export interface MailRuntime {
  outbox: MailOutbox;
  sendMails: SendMails;
}

let cached: { base: RuntimeAdapters; runtime: MailRuntime } | undefined;
let calendarFile: ((event: CalendarEvent) => MailAttachment) | undefined;

/**
 * Installs the `.ics` maker (`adapters/mail/ics-file.ts`): the sender Lambda's module does, so the `ics` package
 * is bundled there only. Without it a mail carrying a calendar event waits for the sender (DESIGN §4c).
 */
export function useCalendarFiles(maker: (event: CalendarEvent) => MailAttachment): void {
  calendarFile = maker;
}

export function mailRuntime(): MailRuntime {
  const base = runtimeAdapters();
  if (cached?.base === base) return cached.runtime;
  const real = mailerOf(base.env);
  const wrap = localMailerWrapper();
  const outbox = new DynamoMailOutbox(base.doc, base.env.TABLE_NAME);
  const sendMails = makeSendMails({
    outbox,
    mailer: wrap ? wrap(real) : real,
    logger: consoleJsonLogger,
    clock: localClock(),
  });
  cached = { base, runtime: { outbox, sendMails } };
  return cached.runtime;
}

function mailerOf(env: Environment): Mailer {
  if (!env.MAIL_FROM) {
    return {
      send: async (message: MailMessage) => {
        throw new Error(`MAIL_FROM is not set; the mail "${message.subject}" was not sent`);
      },
    };
  }
  return new SesMailer({
    from: env.MAIL_FROM,
    calendarFile: () => calendarFile,
    ...(env.SES_CONFIGURATION_SET ? { configurationSetName: env.SES_CONFIGURATION_SET } : {}),
    clientConfig: {
      region: env.AWS_REGION,
      ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}),
      ...callLimits('ses'),
    },
  });
}
