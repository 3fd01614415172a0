import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { MailDeliveryError, SesMailer } from '../../../../functions/adapters/mail/ses-mailer';

const sesMock = mockClient(SESv2Client);

const message = {
  to: 'guest@example.com',
  subject: '【予約確定】道後温泉ツアー（予約番号 ABC123）',
  text: 'テキスト本文',
  html: '<p>HTML本文</p>',
};

describe('SesMailer', () => {
  beforeEach(() => sesMock.reset());

  it('sends one SES v2 simple message with text and HTML parts in UTF-8, from the configured sender', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const mailer = new SesMailer({
      from: '"Ehime Experiences" <no-reply@example.jp>',
      configurationSetName: 'bookings',
      client: new SESv2Client({ region: 'ap-northeast-1' }),
    });
    await mailer.send({ ...message, replyTo: 'host@example.jp' });

    const calls = sesMock.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      FromEmailAddress: '"Ehime Experiences" <no-reply@example.jp>',
      Destination: { ToAddresses: ['guest@example.com'] },
      ReplyToAddresses: ['host@example.jp'],
      ConfigurationSetName: 'bookings',
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'テキスト本文', Charset: 'UTF-8' },
            Html: { Data: '<p>HTML本文</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('leaves out the reply-to and configuration set when none is given', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const mailer = new SesMailer({
      from: 'no-reply@example.jp',
      client: new SESv2Client({ region: 'us-east-1' }),
    });
    await mailer.send(message);
    const input = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input).not.toHaveProperty('ReplyToAddresses');
    expect(input).not.toHaveProperty('ConfigurationSetName');
  });

  it('creates its client on first send from the given configuration', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm-3' });
    // mockClient patches every SESv2Client instance, including the one the mailer builds lazily.
    const mailer = new SesMailer({ from: 'no-reply@example.jp', clientConfig: { region: 'ap-northeast-1' } });
    await mailer.send(message);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('turns an SES refusal into an error that says what failed', async () => {
    const refusal = Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' });
    sesMock.on(SendEmailCommand).rejects(refusal);
    const mailer = new SesMailer({
      from: 'no-reply@example.jp',
      client: new SESv2Client({ region: 'us-east-1' }),
    });
    const error = await mailer.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as Error).message).toBe(
      `SES did not send the mail "${message.subject}" (MessageRejected: Email address is not verified.)`,
    );
    expect((error as Error).cause).toBe(refusal);
  });
});
