import { personName } from '../../../../domain/person-name';
import type { GuestMailTexts } from './types';

const PARTY = { guest: '고객님', host: '호스트', admin: '고객 지원팀' } as const;

export const ko: GuestMailTexts = {
  colon: ': ',
  greeting: (g) => `${personName(g)} 님, 안녕하세요.`,
  fullName: (g) => personName(g),
  japanTime: (time) => `${time} (일본 시간)`,
  guests: (count) => `${count}명`,
  writtenInJapanese: (writer) =>
    `${writer === 'host' ? '호스트가' : '고객 지원팀이'} 일본어로 작성한 내용입니다:`,
  referenceLabel: '예약 번호',
  facts: {
    experience: '체험',
    host: '호스트',
    date: '날짜',
    time: '시간',
    guests: '인원',
    tourLanguage: '투어 언어',
    total: '합계',
    specialRequests: '요청 사항',
  },
  totalWithTax: (amount) => `${amount} (소비세 포함)`,
  mapLine: (url) => `지도: ${url}`,
  meetingPoint: '집합 장소',
  cancellationPolicy: '취소 정책',
  hostNotes: (text) => `호스트 안내: ${text}`,
  policyGeneral: '환불 수수료는 고객 부담입니다. 카드 환불은 결제일에 따라 1~2개월이 걸릴 수 있습니다.',
  policyRule: (days, pct) =>
    `체험 ${days}일 전까지 취소하시면 요금의 ${pct}%를 환불해 드립니다. 그 이후의 취소 및 노쇼는 환불되지 않습니다.`,
  policyNoRefund: '취소 및 노쇼는 환불되지 않습니다.',
  manageText: (reference) =>
    `예약하실 때 사용한 이메일 주소와 예약 번호 ${reference}(으)로 언제든지 예약을 확인하실 수 있습니다.`,
  manageButton: '예약 확인하기',
  footer: (email) =>
    `${email}(으)로 예약 요청이 접수되어 이 메일을 보내 드렸습니다. 본인이 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.`,
  theHost: '호스트',
  received: {
    subject: (title, ref) => `예약 요청 접수: ${title} (예약 번호 ${ref})`,
    preheader: (hours) => `호스트가 ${hours}시간 이내에 답변드립니다. 카드는 아직 결제되지 않았습니다.`,
    heading: '예약 요청이 접수되었습니다',
    intro: (host, hours, deadline) =>
      `예약을 요청해 주셔서 감사합니다. ${host}에서 내용을 확인한 뒤 ${hours}시간 이내${deadline ? `(${deadline}까지)` : ''}에 답변드립니다.`,
    authorised: (amount, hours) =>
      `카드는 ${amount} 승인만 되었으며 아직 결제되지 않았습니다. 호스트가 예약을 확정하면 결제됩니다. ` +
      `${hours}시간 이내에 확정되지 않으면 승인이 해제되며 요금은 전혀 발생하지 않습니다.`,
    next: '다음 단계: 호스트의 답변이 오는 대로 메일로 알려 드립니다. 예약 확정 메일을 받으시면 예약이 완료됩니다.',
  },
  approved: {
    subject: (title, date, ref) => `예약 확정: ${title}, ${date} (예약 번호 ${ref})`,
    preheader: (host) => `${host}에서 예약을 확정했습니다.`,
    heading: '예약이 확정되었습니다',
    intro: (host) => `기쁜 소식입니다. ${host}에서 예약을 확정했습니다. 당일 뵙기를 기대하겠습니다.`,
    calendarFile: '첨부된 캘린더 파일(.ics)로 일정을 캘린더에 추가하실 수 있습니다.',
    googleCalendar: 'Google 캘린더에 추가',
    charged: (amount) => `결제: 등록하신 카드로 ${amount}이(가) 결제되었습니다.`,
    onTheDay:
      '집합 시간에 늦지 않도록 와 주세요. 15분 넘게 늦으시면 예약이 취소됩니다. 비가 와도 진행하며, 날씨로 인해 취소하는 경우 전날 오후 7시까지 메일로 알려 드립니다.',
  },
  denied: {
    subject: (title, ref) => `예약 요청을 수락하지 못했습니다: ${title} (예약 번호 ${ref})`,
    notCharged: '카드는 결제되지 않았습니다.',
    heading: '예약 요청을 수락하지 못했습니다',
    intro: (host) => `죄송합니다. ${host}에서 아래 예약 요청을 수락하지 못했습니다.`,
    hostMessage: '호스트의 메시지',
    released: (amount) =>
      `카드는 결제되지 않았으며 ${amount} 승인은 취소되었습니다. 카드사에 따라 명세서에서 사라지기까지 며칠이 걸릴 수 있습니다.`,
    another: '다른 날짜로 다시 요청해 주시기 바랍니다.',
    anotherButton: '다른 날짜 찾기',
  },
  expired: {
    subject: (title, ref) => `예약 요청 기한 만료: ${title} (예약 번호 ${ref})`,
    heading: '예약 요청의 기한이 만료되었습니다',
    holdLapsed:
      '아래 시간대를 15분 동안 확보해 두었지만 시간 안에 결제가 완료되지 않아 확보를 해제했습니다. 카드는 결제되지 않았습니다.',
    noResponse: (host, hours, amount) =>
      `${host}에서 ${hours}시간 이내에 답변하지 않아 예약 요청이 만료되었습니다. 카드는 결제되지 않았으며 ${amount} 승인은 해제되었습니다.`,
    againAfterHold: '계속 참여를 원하시면 다시 예약해 주세요.',
    againAfterNoResponse: '불편을 드려 죄송합니다. 다른 날짜로 다시 요청해 주시기 바랍니다.',
    bookAgain: '다시 예약하기',
    anotherDate: '다른 날짜 찾기',
  },
  cancelled: {
    subject: (title, ref) => `예약 취소: ${title} (예약 번호 ${ref})`,
    heading: '예약이 취소되었습니다',
    intro: (by) =>
      by === 'guest'
        ? '요청하신 대로 아래 예약이 취소되었습니다.'
        : `아래 예약이 ${PARTY[by]}에 의해 취소되었습니다.`,
    reason: '취소 사유',
    released: (amount) => `카드는 결제되지 않았으며 ${amount} 승인은 해제됩니다.`,
    noRefund: (by, charged) =>
      by === 'guest'
        ? `취소 정책에 따라 이번 취소는 환불되지 않습니다(결제 금액 ${charged}).`
        : `이번 취소는 환불되지 않습니다. 결제하신 ${charged}은(는) 환불되지 않습니다.`,
    fullRefund: (amount) =>
      `결제하신 전액 ${amount}이(가) 카드로 환불됩니다. 카드사에 따라 반영까지 시간이 걸릴 수 있습니다.`,
    partialRefund: (amount, charged) =>
      `결제하신 ${charged} 중 ${amount}이(가) 카드로 환불됩니다. 카드사에 따라 반영까지 시간이 걸릴 수 있습니다.`,
  },
  reminder: {
    subject: (title, when, ref) => `일정 안내: ${title}, ${when} (예약 번호 ${ref})`,
    preheader: (place) => `집합 장소: ${place}`,
    heading: '체험 날짜가 다가오고 있습니다',
    intro: (title, when) => `곧 뵙겠습니다. 예약하신 체험 "${title}"은(는) ${when}입니다.`,
    whatToBring: '준비물·복장',
    nothingSpecial: '특별한 준비물은 없습니다. 날씨에 맞는 복장으로 와 주세요.',
    yourHost: '호스트 연락처',
    phone: '전화',
    email: '이메일',
    cancelHint:
      '취소가 필요하신가요? 아래 버튼으로 예약을 열어 주세요. 환불은 예약 당시의 취소 정책을 따릅니다.',
  },
  reviewInvite: {
    subject: (title, reminder) => `${reminder ? '[알림] ' : ''}「${title}」 체험은 어떠셨나요?`,
    preheader: '별 1~5개와 한마디로 후기를 남겨 주세요.',
    heading: '참가해 주셔서 감사합니다',
    intro: (title, date) =>
      `${date}에 「${title}」에 참가해 주셔서 감사합니다. 체험은 어떠셨나요? 별 1~5개와 몇 마디로 다른 여행객에게 알려 주세요.`,
    reminderIntro: (title, date) =>
      `「${title}」(${date})에 참가해 주셔서 다시 한번 감사드립니다. 아직 후기를 작성하지 않으셨다면 잠시 시간을 내어 감상을 들려주세요.`,
    button: '후기 작성하기',
    linkNote: (days) =>
      `이 링크는 회원님의 예약 전용이며 ${days}일간 유효합니다. 후기는 이름, 성의 첫 글자, 참가한 달과 함께 체험 페이지에 게시됩니다.`,
  },
  cancelCode: {
    subject: (ref) => `[취소 확인 코드] 예약 번호 ${ref}`,
    preheader: (minutes) => `${minutes}분 동안 유효합니다. 이 코드 없이는 취소되지 않습니다.`,
    heading: '취소 확인 코드',
    intro: (title, date) =>
      `${date} 「${title}」 예약에 대한 취소 요청이 있었습니다. 취소하시려면 예약 관리 페이지에서 이 코드를 입력해 주세요.`,
    codeLabel: '취소 확인 코드',
    validity: (minutes, maxWrong) =>
      `코드는 ${minutes}분 동안 유효하며 한 번만 사용할 수 있습니다. ${maxWrong}번 잘못 입력하면 더 이상 사용할 수 없습니다.`,
    requestedBy: (when, address, browser) =>
      `요청 일시: ${when}, 접속 주소: ${address}${browser ? ` (${browser})` : ''}`,
    nothingHappens:
      '이 코드를 입력하지 않으면 예약은 취소되지 않습니다. 직접 요청하지 않으셨다면 이 메일을 무시하시고, 코드를 누구에게도(호스트나 저희에게도) 알려 주지 마세요.',
  },
  calendar: (ref, guests, host, lookup) =>
    `예약 번호 ${ref}・${guests}명・호스트 ${host}\n예약 확인·취소: ${lookup}`,
};
