import { personName } from '../../../../domain/person-name';
import type { GuestMailTexts } from './types';

const PARTY = { guest: '您', host: '主辦人', admin: '我們的客服團隊' } as const;

export const zhHant: GuestMailTexts = {
  colon: '：',
  greeting: (g) => `${personName(g)} 您好：`,
  fullName: (g) => personName(g),
  japanTime: (time) => `${time}（日本時間）`,
  guests: (count) => `${count} 位`,
  writtenInJapanese: (writer) => `以下內容由${PARTY[writer]}以日文撰寫：`,
  referenceLabel: '預訂編號',
  facts: {
    experience: '體驗',
    host: '主辦人',
    date: '日期',
    time: '時間',
    guests: '人數',
    tourLanguage: '導覽語言',
    total: '總金額',
    specialRequests: '特殊需求',
  },
  totalWithTax: (amount) => `${amount}（日圓，含消費稅）`,
  mapLine: (url) => `地圖：${url}`,
  meetingPoint: '集合地點',
  cancellationPolicy: '取消政策',
  hostNotes: (text) => `主辦方補充說明：${text}`,
  policyGeneral: '退款手續費由顧客負擔。視信用卡結帳日而定，退款可能需要 1～2 個月才會入帳。',
  policyRule: (days, pct) => `於體驗日 ${days} 天前取消，可退還費用的 ${pct}%。之後取消或未到場恕不退款。`,
  policyNoRefund: '取消或未到場恕不退款。',
  manageText: (reference) => `您隨時可以使用預訂時的電子郵件地址與預訂編號 ${reference} 查詢預訂內容。`,
  manageButton: '查詢我的預訂',
  footer: (email) => `您收到這封信，是因為有人以 ${email} 提出了預訂申請。如果不是您本人，請忽略這封信。`,
  theHost: '主辦人',
  received: {
    subject: (title, ref) => `已收到預訂申請：${title}（預訂編號 ${ref}）`,
    preheader: (hours) => `主辦人會在 ${hours} 小時內回覆。您的信用卡尚未扣款。`,
    heading: '我們已收到您的預訂申請',
    intro: (host, hours, deadline) =>
      `感謝您的預訂申請。${host} 會確認內容，並在 ${hours} 小時內${deadline ? `（${deadline} 前）` : ''}回覆您。`,
    authorised: (amount, hours) =>
      `您的信用卡目前只預先授權 ${amount}，尚未扣款；主辦人確認預訂後才會扣款。` +
      `若主辦人未在 ${hours} 小時內確認，授權將會解除，您不需支付任何費用。`,
    next: '接下來：主辦人回覆後，我們會立即以電子郵件通知您。收到預訂確認信時，預訂即告完成。',
  },
  approved: {
    subject: (title, date, ref) => `預訂已確認：${title}，${date}（預訂編號 ${ref}）`,
    preheader: (host) => `${host} 已確認您的預訂。`,
    heading: '您的預訂已確認',
    intro: (host) => `好消息：${host} 已確認您的預訂，期待與您見面。`,
    calendarFile: '使用附件的行事曆檔案（.ics），即可將行程加入您的行事曆。',
    googleCalendar: '加入 Google 日曆',
    charged: (amount) => `付款：已從您的信用卡扣款 ${amount}。`,
    onTheDay:
      '請準時抵達：遲到超過 15 分鐘，預訂將視為取消。雨天照常舉行；若因天候必須取消，我們會在前一天晚上 7 點前以電子郵件通知您。',
  },
  denied: {
    subject: (title, ref) => `無法接受您的預訂申請：${title}（預訂編號 ${ref}）`,
    notCharged: '您的信用卡未被扣款。',
    heading: '很抱歉，無法接受您的預訂申請',
    intro: (host) => `很抱歉，${host} 無法接受您以下的預訂申請。`,
    hostMessage: '主辦人的留言',
    released: (amount) =>
      `您的信用卡未被扣款：${amount} 的預先授權已取消。視發卡銀行而定，帳單上的紀錄可能需要幾天才會消失。`,
    another: '歡迎您改選其他日期再次申請。',
    anotherButton: '尋找其他日期',
  },
  expired: {
    subject: (title, ref) => `預訂申請已逾期：${title}（預訂編號 ${ref}）`,
    heading: '您的預訂申請已逾期',
    holdLapsed: '我們為您保留以下時段 15 分鐘，但付款未在時間內完成，因此已解除保留。您的信用卡未被扣款。',
    noResponse: (host, hours, amount) =>
      `${host} 未在 ${hours} 小時內回覆您的預訂申請，因此申請已逾期。您的信用卡未被扣款，${amount} 的預先授權已解除。`,
    againAfterHold: '如果您仍想參加，請再預訂一次。',
    againAfterNoResponse: '造成不便，敬請見諒。歡迎您改選其他日期再次申請。',
    bookAgain: '再次預訂',
    anotherDate: '尋找其他日期',
  },
  cancelled: {
    subject: (title, ref) => `預訂已取消：${title}（預訂編號 ${ref}）`,
    heading: '您的預訂已取消',
    intro: (by) => (by === 'guest' ? '依照您的要求，以下預訂已取消。' : `以下預訂已由${PARTY[by]}取消。`),
    reason: '取消原因',
    released: (amount) => `您的信用卡未被扣款：${amount} 的預先授權將會解除。`,
    noRefund: (by, charged) =>
      by === 'guest'
        ? `依照取消政策，本次取消不予退款（您支付的金額為 ${charged}）。`
        : `本次取消不予退款：您支付的 ${charged} 將不會退還。`,
    fullRefund: (amount) =>
      `您支付的全額 ${amount} 將退還至您的信用卡。視發卡銀行而定，可能需要一段時間才會入帳。`,
    partialRefund: (amount, charged) =>
      `您支付的 ${charged} 中，${amount} 將退還至您的信用卡。視發卡銀行而定，可能需要一段時間才會入帳。`,
  },
  reminder: {
    subject: (title, when, ref) => `行程提醒：${title}，${when}（預訂編號 ${ref}）`,
    preheader: (place) => `集合地點：${place}`,
    heading: '您的體驗即將到來',
    intro: (title, when) => `期待與您見面：您預訂的體驗「${title}」將於 ${when} 舉行。`,
    whatToBring: '攜帶物品與服裝',
    nothingSpecial: '不需特別準備，請穿著適合當天天氣的服裝。',
    yourHost: '主辦人聯絡方式',
    phone: '電話',
    email: '電子郵件',
    cancelHint: '需要取消嗎？請點下方按鈕開啟您的預訂；退款依照預訂時的取消政策辦理。',
  },
  reviewInvite: {
    subject: (title, reminder) => `${reminder ? '【提醒】' : ''}「${title}」體驗如何？`,
    preheader: '用1至5顆星和幾句話分享您的體驗。',
    heading: '感謝您的參加',
    intro: (title, date) =>
      `感謝您於${date}參加「${title}」。這次體驗如何？請用1至5顆星和幾句話告訴其他旅客。`,
    reminderIntro: (title, date) =>
      `再次感謝您參加「${title}」（${date}）。如果您還沒有撰寫評論，其他旅客很期待聽到您的感想。`,
    button: '撰寫評論',
    linkNote: (days) =>
      `此連結為您的預訂專用，有效期${days}天。您的評論將與您的名字、姓氏首字母及參加月份一同刊登在體驗頁面上。`,
  },
  cancelCode: {
    subject: (ref) => `【取消確認碼】預約編號 ${ref}`,
    preheader: (minutes) => `有效期限${minutes}分鐘。沒有此確認碼，預約不會被取消。`,
    heading: '取消確認碼',
    intro: (title, date) =>
      `有人要求取消您於${date}預約的「${title}」。如要取消，請在預約管理頁面輸入此確認碼。`,
    codeLabel: '取消確認碼',
    validity: (minutes, maxWrong) =>
      `確認碼的有效期限為${minutes}分鐘，僅可使用一次。輸入錯誤${maxWrong}次後即失效。`,
    requestedBy: (when, address, browser) =>
      `申請時間：${when}，來源位址：${address}${browser ? `（${browser}）` : ''}`,
    nothingHappens:
      '未輸入此確認碼，您的預約不會有任何變更。如果這不是您本人提出的申請，請忽略此郵件，並且不要將確認碼告訴任何人（包括主辦方及我們）。',
  },
  calendar: (ref, guests, host, lookup) =>
    `預訂編號 ${ref}・${guests} 位・主辦人 ${host}\n查詢或取消預訂：${lookup}`,
};
