/**
 * The inquiry mails of the concierge desk (issue 31): the acknowledgement and the reply in each guest language with
 * the conversation link under that language's prefix, the concierge's notice in Japanese with the admin link, and
 * the guest's own text escaped in the HTML part.
 */
import {
  conciergeNewMessageMail,
  conversationUrl,
  inquiryReceivedMail,
  inquiryReplyMail,
} from '../../../../functions/adapters/mail/templates/concierge-inquiry-mails';
import type { GuestLocale } from '../../../../functions/domain/entities';
import type { Inquiry } from '../../../../functions/domain/inquiries';

const TOKEN = 'x'.repeat(43);
const inquiry = (locale: GuestLocale): Inquiry => ({
  id: 'inq-1',
  token: TOKEN,
  name: 'Kim <b>Minji</b>',
  email: 'minji@example.com',
  locale,
  status: 'new',
  experienceId: 'e1',
  experienceTitle: '道後温泉まち歩き',
  preferredDates: '4/3-4/5',
  guests: 4,
  createdAt: '2026-11-27T08:55:00.000Z',
  // Friday 2026-11-27 17:55 Tokyo → Monday 17:55.
  replyDueAt: '2026-11-30T08:55:00.000Z',
  lastMessageAt: '2026-11-27T08:55:00.000Z',
});
const base = 'https://ehime.example.jp';

describe('the guest mails', () => {
  it.each([
    ['en', '', 'We received your question', '(Japan time)'],
    ['ja', '/ja', 'お問い合わせを受け付けました', '（日本時間）'],
    ['zh-Hant', '/zh-hant', '我們已收到您的問題', '（日本時間）'],
    ['ko', '/ko', '문의가 접수되었습니다', '(일본 시간)'],
  ] as const)(
    '%s: the acknowledgement with the reply time and the %s link',
    (locale, prefix, subject, japanTime) => {
      const mail = inquiryReceivedMail(
        { inquiry: inquiry(locale), baseUrl: base },
        'Can we <script>come</script>?',
      );
      expect(mail.subject).toContain(subject);
      expect(mail.text).toContain(`${base}${prefix}/inquiry/${TOKEN}`);
      expect(mail.text).toContain('17:55');
      expect(mail.text).toContain(japanTime);
      expect(mail.text).toContain('Can we <script>come</script>?');
      expect(mail.html).not.toContain('<script>come');
      expect(mail.html).toContain('&lt;script&gt;');
    },
  );

  it('the reply carries the text and the link', () => {
    const mail = inquiryReplyMail({ inquiry: inquiry('ko'), baseUrl: base }, '네, 가능합니다.');
    expect(mail.subject).toContain('컨시어지가 답변했습니다');
    expect(mail.text).toContain('네, 가능합니다.');
    expect(mail.text).toContain(conversationUrl(base, inquiry('ko')));
  });
});

describe("the concierge's notice", () => {
  it('is Japanese, names the guest, the language, the deadline and links the admin page', () => {
    const mail = conciergeNewMessageMail({ inquiry: inquiry('ko'), baseUrl: base }, '아이와 함께?', true);
    expect(mail.subject).toContain('新しいお問い合わせ');
    expect(mail.text).toContain('韓国語');
    expect(mail.text).toContain('道後温泉まち歩き');
    expect(mail.text).toContain('4名');
    expect(mail.text).toContain('返信期限');
    expect(mail.text).toContain(`${base}/admin/inquiries/inq-1`);
    expect(mail.html).not.toContain('<b>Minji</b>');
    const answer = conciergeNewMessageMail({ inquiry: inquiry('ko'), baseUrl: base }, 'また質問です', false);
    expect(answer.subject).toContain('返信がありました');
  });
});
