/**
 * The Mailer over Amazon SES v2 (`SendEmail`, simple content). Locally the same adapter talks to the SES
 * emulator of the local stack (pass its endpoint in `clientConfig`), so mails land in its outbox.
 */
import { SESv2Client, SendEmailCommand, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import type { CalendarEvent, MailAttachment, MailMessage, Mailer } from '../../use-cases/ports';

export interface SesMailerOptions {
  /** A verified identity, optionally with a display name: `"Ehime Experiences" <no-reply@example.jp>`. */
  from: string;
  /** The SES configuration set (event publishing of bounces and complaints); optional. */
  configurationSetName?: string;
  /** A client to use (tests inject a mocked one); otherwise one is created on first send. */
  client?: SESv2Client;
  /** Configuration of the client created on first send (region, local endpoint and credentials). */
  clientConfig?: SESv2ClientConfig;
  /**
   * Makes the `.ics` file of a mail's calendar event (`ics-file.ts`), read at each send. Only the sender Lambda and
   * the local stack install it (the `ics` package would not fit the admin API's bundle budget): a mail with an
   * event sent without it fails as a retryable error, and the sender delivers it on its next run.
   */
  calendarFile?: () => ((event: CalendarEvent) => MailAttachment) | undefined;
}

/** SES refused or could not take the mail; `cause` holds the SDK error. */
export class MailDeliveryError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

const UTF8 = 'UTF-8';

export class SesMailer implements Mailer {
  private client: SESv2Client | undefined;

  constructor(private readonly options: SesMailerOptions) {
    if (!options.from) throw new Error('SesMailer needs a From address');
    this.client = options.client;
  }

  /** Created on first use, so a Lambda that never mails never builds the client. */
  private ses(): SESv2Client {
    this.client ??= new SESv2Client(this.options.clientConfig ?? {});
    return this.client;
  }

  async send(message: MailMessage): Promise<void> {
    const attachments = [...(message.attachments ?? []), ...this.calendarAttachments(message)];
    const command = new SendEmailCommand({
      FromEmailAddress: this.options.from,
      Destination: { ToAddresses: [message.to] },
      ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: UTF8 },
          Body: {
            Text: { Data: message.text, Charset: UTF8 },
            Html: { Data: message.html, Charset: UTF8 },
          },
          ...(attachments.length
            ? {
                Attachments: attachments.map((a) => ({
                  FileName: a.fileName,
                  ContentType: a.contentType,
                  RawContent: Buffer.from(a.contentBase64, 'base64'),
                })),
              }
            : {}),
        },
      },
      ...(this.options.configurationSetName
        ? { ConfigurationSetName: this.options.configurationSetName }
        : {}),
    });
    try {
      await this.ses().send(command);
    } catch (error) {
      const name = error instanceof Error ? error.name : 'UnknownError';
      const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
      throw new MailDeliveryError(`SES did not send the mail "${message.subject}" (${name}${detail})`, {
        cause: error,
      });
    }
  }

  private calendarAttachments(message: MailMessage): MailAttachment[] {
    if (!message.calendar) return [];
    const render = this.options.calendarFile?.();
    if (!render) {
      const cause = Object.assign(new Error('No calendar file maker in this function'), {
        name: 'CalendarFileUnavailable',
      });
      throw new MailDeliveryError(
        `The mail "${message.subject}" carries a calendar event; the sender delivers it`,
        { cause },
      );
    }
    return [render(message.calendar)];
  }
}
