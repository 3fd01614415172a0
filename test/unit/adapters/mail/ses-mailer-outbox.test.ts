/**
 * The SES mailer against the local stack's outbox (`aws-ses-v2-local`, in-process): proves the local stack's
 * mails really arrive, with the Japanese subject and both parts intact.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SesMailer } from '../../../../functions/adapters/mail/ses-mailer';
import { startSesLocal, type SesLocal } from '../../../../scripts/local/ses-local';

interface StoredMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

describe('SesMailer → local SES outbox', () => {
  let ses: SesLocal;
  beforeAll(async () => {
    ses = await startSesLocal();
  });
  afterAll(() => ses.stop());

  it('delivers a UTF-8 mail with text and HTML parts to the outbox', async () => {
    await fetch(`${ses.endpoint}/clear-store`, { method: 'POST' });
    const mailer = new SesMailer({
      from: 'no-reply@ehime.example',
      client: new SESv2Client({
        region: 'ap-northeast-1',
        endpoint: ses.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    });
    await mailer.send({
      to: 'guest@example.com',
      subject: '【予約確定】道後温泉ツアー（予約番号 ABC123）',
      text: '予約番号：ABC123\n合計金額：24,000円',
      html: '<p>予約番号：<strong>ABC123</strong></p>',
    });

    const { emails } = (await (await fetch(`${ses.endpoint}/store`)).json()) as { emails: StoredMail[] };
    expect(emails).toHaveLength(1);
    const [mail] = emails;
    expect(mail!.from).toBe('no-reply@ehime.example');
    expect(mail!.destination.to).toEqual(['guest@example.com']);
    expect(mail!.subject).toBe('【予約確定】道後温泉ツアー（予約番号 ABC123）');
    expect(mail!.body.text).toContain('合計金額：24,000円');
    expect(mail!.body.html).toContain('<strong>ABC123</strong>');
  });
});
