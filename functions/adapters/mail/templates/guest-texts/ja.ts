import { personName } from '../../../../domain/person-name';
import type { GuestMailTexts } from './types';

const PARTY = { guest: 'ゲスト', host: 'ホスト', admin: '運営事務局' } as const;

export const ja: GuestMailTexts = {
  colon: '：',
  greeting: (g) => `${personName(g)} 様`,
  fullName: (g) => `${personName(g)} 様`,
  japanTime: (time) => `${time}（日本時間）`,
  guests: (count) => `${count}名`,
  writtenInJapanese: (writer) => `${PARTY[writer]}が日本語で記入した内容です：`,
  referenceLabel: '予約番号',
  facts: {
    experience: '体験',
    host: 'ホスト',
    date: '日付',
    time: '時間',
    guests: '人数',
    tourLanguage: '体験の言語',
    total: '合計金額',
    specialRequests: 'ご要望',
  },
  totalWithTax: (amount) => `${amount}（消費税込み）`,
  mapLine: (url) => `地図：${url}`,
  meetingPoint: '集合場所',
  cancellationPolicy: 'キャンセルポリシー',
  hostNotes: (text) => `ホストからの補足：${text}`,
  policyGeneral:
    '返金手数料はお客様のご負担となります。カードへの返金は、締め日によって1〜2か月かかる場合があります。',
  policyRule: (days, pct) =>
    `体験日の${days}日前までのキャンセルは、料金の${pct}%を返金いたします。それ以降のキャンセルおよび無断不参加は返金できません。`,
  policyNoRefund: 'キャンセルおよび無断不参加による返金はできません。',
  manageText: (reference) =>
    `予約内容は、ご予約時のメールアドレスと予約番号 ${reference} でいつでもご確認いただけます。`,
  manageButton: '予約内容を確認する',
  footer: (email) =>
    `このメールは、${email} で予約リクエストが行われたためお送りしています。お心当たりのない場合は、このメールを破棄してください。`,
  theHost: 'ホスト',
  received: {
    subject: (title, ref) => `【予約リクエスト受付】${title}（予約番号 ${ref}）`,
    preheader: (hours) =>
      `ホストが${hours}時間以内に予約を確認します。カードへの請求はまだ行われていません。`,
    heading: '予約リクエストを受け付けました',
    intro: (host, hours, deadline) =>
      `ご予約リクエストありがとうございます。ホスト（${host}）が内容を確認し、` +
      `${hours}時間以内${deadline ? `（${deadline}まで）` : ''}にお返事します。`,
    authorised: (amount, hours) =>
      `カードは${amount}の与信（オーソリ）のみで、まだ請求されていません。ホストが予約を確定した時点で決済されます。` +
      `${hours}時間以内に確定されなかった場合は与信が解除され、料金は一切発生しません。`,
    next: '今後の流れ：ホストからの返答があり次第、メールでお知らせします。予約確定のメールが届いた時点で、ご予約と決済が完了します。',
  },
  approved: {
    subject: (title, date, ref) => `【予約確定】${title} ${date}（予約番号 ${ref}）`,
    preheader: (host) => `${host}がご予約を確定しました。`,
    heading: 'ご予約が確定しました',
    intro: (host) => `${host}がご予約を確定しました。当日お会いできるのを楽しみにしております。`,
    calendarFile: '添付のカレンダーファイル（.ics）で、お使いのカレンダーに予定を追加できます。',
    googleCalendar: 'Google カレンダーに追加',
    charged: (amount) => `お支払い：ご登録のカードに${amount}を請求しました。`,
    onTheDay:
      '集合時刻に遅れないようお越しください。15分を超えて遅れた場合、ご予約はキャンセル扱いとなります。雨天でも催行します。天候により中止する場合は、前日19時までにメールでお知らせします。',
  },
  denied: {
    subject: (title, ref) => `【予約不成立】${title}（予約番号 ${ref}）`,
    notCharged: 'カードへの請求は行われていません。',
    heading: 'ご予約をお受けできませんでした',
    intro: (host) => `申し訳ございません。${host}は、下記の予約リクエストをお受けできませんでした。`,
    hostMessage: 'ホストからのメッセージ',
    released: (amount) =>
      `カードへの請求は行われていません。${amount}の与信は取り消されました。カード会社によっては、明細から表示が消えるまで数日かかる場合があります。`,
    another: '別の日程でのご予約をお待ちしております。',
    anotherButton: '別の日程を探す',
  },
  expired: {
    subject: (title, ref) => `【予約リクエスト期限切れ】${title}（予約番号 ${ref}）`,
    heading: '予約リクエストの期限が切れました',
    holdLapsed:
      '下記の枠を15分間お取り置きしましたが、時間内にお支払い手続きが完了しなかったため、お取り置きを解除しました。カードへの請求は行われていません。',
    noResponse: (host, hours, amount) =>
      `ホスト（${host}）から${hours}時間以内に返答がなかったため、下記の予約リクエストは失効しました。カードへの請求は行われておらず、${amount}の与信は解除されました。`,
    againAfterHold: '引き続きご希望の場合は、もう一度ご予約ください。',
    againAfterNoResponse: 'ご迷惑をおかけし申し訳ございません。別の日程でのご予約をお待ちしております。',
    bookAgain: 'もう一度予約する',
    anotherDate: '別の日程を探す',
  },
  cancelled: {
    subject: (title, ref) => `【予約キャンセル】${title}（予約番号 ${ref}）`,
    heading: 'ご予約はキャンセルされました',
    intro: (by) => `下記のご予約は${PARTY[by]}によりキャンセルされました。`,
    reason: 'キャンセルの理由',
    released: (amount) => `カードへの請求は行われていません。${amount}の与信は取り消されます。`,
    noRefund: (by, charged) =>
      by === 'guest'
        ? `キャンセルポリシーにより、今回のキャンセルでは返金はありません（お支払い額 ${charged}）。`
        : `今回のキャンセルでは返金はありません（お支払い額 ${charged}）。`,
    fullRefund: (amount) =>
      `お支払いの全額${amount}をご利用のカードに返金いたします。カード会社によっては反映まで時間がかかる場合があります。`,
    partialRefund: (amount, charged) =>
      `お支払い額${charged}のうち${amount}をご利用のカードに返金いたします。カード会社によっては反映まで時間がかかる場合があります。`,
  },
  reminder: {
    subject: (title, when, ref) => `【ご予約日のお知らせ】${title} ${when}（予約番号 ${ref}）`,
    preheader: (place) => `集合場所：${place}`,
    heading: 'ご予約日が近づいています',
    intro: (title, when) => `${when}は「${title}」のご予約日です。`,
    whatToBring: '持ち物・服装',
    nothingSpecial: '特別な持ち物はありません。天候に合った服装でお越しください。',
    yourHost: 'ホストの連絡先',
    phone: '電話',
    email: 'メール',
    cancelHint:
      'キャンセルされる場合は、下のボタンから予約内容を開いてお手続きください。返金額はご予約時のキャンセルポリシーに従います。',
  },
  reviewInvite: {
    subject: (title, reminder) => `${reminder ? '【再送】' : ''}「${title}」のご感想をお聞かせください`,
    preheader: '星1〜5とひとことで、口コミをお寄せください。',
    heading: 'ご参加ありがとうございました',
    intro: (title, date) =>
      `${date}の「${title}」にご参加いただき、ありがとうございました。体験はいかがでしたか？ 星1〜5とひとことで、ご感想をお聞かせください。`,
    reminderIntro: (title, date) =>
      `先日は「${title}」（${date}）にご参加いただき、ありがとうございました。まだ口コミをお書きでなければ、ぜひご感想をお聞かせください。`,
    button: '口コミを書く',
    linkNote: (days) =>
      `このリンクはあなたのご予約専用で、${days}日間有効です。口コミは体験ページに、お名前（名と姓の頭文字）と体験した月とともに掲載されます。`,
  },
  cancelCode: {
    subject: (ref) => `【キャンセル確認コード】予約番号 ${ref}`,
    preheader: (minutes) => `有効期限は${minutes}分です。このコードがなければキャンセルされません。`,
    heading: 'キャンセル確認コード',
    intro: (title, date) =>
      `${date}の「${title}」のご予約について、キャンセルの手続きが求められました。キャンセルするには、予約確認ページでこのコードを入力してください。`,
    codeLabel: 'キャンセル確認コード',
    validity: (minutes, maxWrong) =>
      `コードの有効期限は${minutes}分で、1回だけ使えます。${maxWrong}回間違えると無効になります。`,
    requestedBy: (when, address, browser) =>
      `リクエスト日時：${when}、接続元：${address}${browser ? `（${browser}）` : ''}`,
    nothingHappens:
      'このコードが入力されない限り、ご予約はキャンセルされません。お心当たりがない場合はこのメールを無視し、コードを誰にも（ホストや当社にも）教えないでください。',
  },
  calendar: (ref, guests, host, lookup) =>
    `予約番号 ${ref}・${guests}名・ホスト ${host}\n予約の確認・キャンセル: ${lookup}`,
};
