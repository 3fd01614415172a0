/**
 * The concierge desk's inquiries (DESIGN §4h, issue 31): the guest asks on the site and answers on the private
 * conversation page; the concierge lists, reads, replies and closes in the back office. Every message goes with its
 * mail in the store's transaction (outbox): the guest's acknowledgement and the concierge's notice with a question,
 * the concierge's notice with a guest's answer, the guest's mail with a reply.
 */
import type { RenderedMail } from '../../adapters/mail/templates/layout';
import {
  conciergeNewMessageMail,
  inquiryReceivedMail,
  inquiryReplyMail,
} from '../../adapters/mail/templates/concierge-inquiry-mails';
import type { GuestLocale } from '../../domain/entities';
import { DomainError, isDomainError } from '../../domain/errors';
import {
  isOverdue,
  type Inquiry,
  type InquiryMessage,
  type InquiryStatus,
  type MessageAuthor,
} from '../../domain/inquiries';
import { replyDueAt } from '../../domain/reply-deadline';
import {
  inquiryFieldTexts,
  inquiryInvalidRequest,
  inquiryMessageSchema,
  inquiryRequestSchema,
  localeOfBody,
} from '../../domain/schemas/inquiries';
import { parseOrThrow } from '../../domain/validation';
import type { OutboxMail } from '../mail-ports';
import type { Logger, Page, PageRequest, RateLimiter } from '../ports';
import { countAttempt, type RateRule } from '../rate-limits';
import { guestOffer, type AdminOffer, type InquiryOffers, type Offer } from './inquiry-offers';
import type { InquiryConversation, InquiryRepository } from './inquiry-ports';

/** Per client (DESIGN §4d's mechanism): a few questions an hour, more answers; 429 with `Retry-After` past them. */
export const INQUIRY_LIMITS_PER_CLIENT: { ask: RateRule; answer: RateRule } = {
  ask: { limit: 5, windowSeconds: 3600 },
  answer: { limit: 30, windowSeconds: 3600 },
};

export const inquiryMessages = {
  /** The guest's link: the same answer for an unknown and a malformed token. */
  linkNotFound: {
    en: 'This conversation link is not valid.',
    ja: 'このお問い合わせのリンクは無効です。',
    'zh-Hant': '此對話連結無效。',
    ko: '이 대화 링크는 유효하지 않습니다.',
  } satisfies Record<GuestLocale, string>,
  rateLimited: {
    en: 'Too many messages. Please wait a little and try again.',
    ja: '送信回数が多すぎます。しばらくしてからもう一度お試しください。',
    'zh-Hant': '傳送次數過多，請稍後再試。',
    ko: '전송 횟수가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  } satisfies Record<GuestLocale, string>,
  notFound: '問い合わせが見つかりませんでした。',
} as const;

export interface InquiryUseCaseDeps {
  inquiries: InquiryRepository;
  offers: InquiryOffers;
  /** The experience a guest may ask about (published, host not suspended), or null. */
  publishedExperience: (id: string) => Promise<{ id: string; title: string } | null>;
  rateLimiter: RateLimiter;
  clock: () => Date;
  newId: () => string;
  /** 32 random bytes, base64url (43 characters): the conversation link's secret. */
  newToken: () => string;
  baseUrl: string;
  siteName?: string;
  /** Where `concierge-new-message` goes (config `conciergeEmail`). */
  conciergeEmail: string;
  /** Starts delivery of mails just written (the local stack; the table's stream in AWS). */
  mailsQueued?: (ids: string[]) => Promise<void>;
  logger: Logger;
}

/** `GET /api/inquiries/{token}`. */
export interface GuestConversationView {
  status: InquiryStatus;
  replyDueAt: string;
  messages: InquiryMessage[];
  offers: Offer[];
}

/** An item of `GET /api/admin/inquiries`. */
export interface AdminInquiryListItem {
  id: string;
  name: string;
  email: string;
  status: InquiryStatus;
  createdAt: string;
  replyDueAt: string;
  overdue: boolean;
}

/** `GET /api/admin/inquiries/{id}` (and the answer of the concierge's message and close). */
export interface AdminInquiryDetail extends AdminInquiryListItem {
  locale: GuestLocale;
  experience?: { id: string; title: string };
  preferredDates?: string;
  guests?: number;
  messages: InquiryMessage[];
  offers: AdminOffer[];
}

/** Attempts of a change that lost a race with another writer of the same inquiry before it answers 409. */
const UPDATE_ATTEMPTS = 3;

/** What both sides share: mails, reading an inquiry, changing it again after a lost race. */
function inquiryCommon(deps: InquiryUseCaseDeps) {
  const context = (inquiry: Inquiry) => ({
    inquiry,
    baseUrl: deps.baseUrl,
    ...(deps.siteName ? { siteName: deps.siteName } : {}),
  });
  const outboxMail = (
    kind: string,
    to: string,
    language: GuestLocale,
    rendered: RenderedMail,
  ): OutboxMail => ({
    id: deps.newId(),
    kind,
    to,
    language,
    ...rendered,
    attachments: [],
  });
  async function deliver(mails: OutboxMail[]): Promise<void> {
    // The mails are stored; a sender run delivers them anyway if this first attempt fails.
    await deps
      .mailsQueued?.(mails.map((m) => m.id))
      .catch((e: unknown) => deps.logger.warn('Inquiry mails not delivered at once', { error: String(e) }));
  }

  async function conversationOfToken(
    token: string,
    locale: GuestLocale = 'en',
  ): Promise<InquiryConversation> {
    const id = await deps.inquiries.idOfToken(token);
    const conversation = id ? await deps.inquiries.get(id) : null;
    if (!conversation) throw new DomainError('not_found', inquiryMessages.linkNotFound[locale]);
    return conversation;
  }

  async function conversationOfId(id: string): Promise<InquiryConversation> {
    const conversation = await deps.inquiries.get(id);
    if (!conversation) throw new DomainError('not_found', inquiryMessages.notFound);
    return conversation;
  }

  /** Applies `change` to the inquiry as freshly read, again after losing a race (another message, an offer). */
  async function changeInquiry(
    read: () => Promise<InquiryConversation>,
    change: (
      inquiry: Inquiry,
      now: Date,
    ) => {
      status: InquiryStatus;
      replyDueAt: string;
      message?: InquiryMessage;
      mails: OutboxMail[];
    },
  ): Promise<{ inquiry: Inquiry; mails: OutboxMail[] }> {
    for (let attempt = 1; ; attempt++) {
      const { inquiry } = await read();
      const now = deps.clock();
      const { mails, ...next } = change(inquiry, now);
      try {
        await deps.inquiries.update(inquiry, next, mails, now);
        return { inquiry: { ...inquiry, ...next }, mails };
      } catch (e) {
        if (attempt >= UPDATE_ATTEMPTS || !isDomainError(e) || e.code !== 'state_conflict') throw e;
      }
    }
  }

  return {
    context,
    outboxMail,
    deliver,
    conversationOfToken,
    conversationOfId,
    changeInquiry,
  };
}

/** The guest's side (public API): ask, read the conversation, answer. */
export function makeGuestInquiries(deps: InquiryUseCaseDeps) {
  const { context, outboxMail, deliver, conversationOfToken, changeInquiry } = inquiryCommon(deps);
  const conciergeMail = (inquiry: Inquiry, text: string, first: boolean) =>
    outboxMail(
      'concierge-new-message',
      deps.conciergeEmail,
      'ja',
      conciergeNewMessageMail(context(inquiry), text, first),
    );

  return {
    /** `POST /api/inquiries`: validates in the guest's language, opens the inquiry, mails guest and concierge. */
    async ask(body: unknown, clientKey: string): Promise<{ id: string }> {
      const locale = localeOfBody(body);
      const request = parseOrThrow(inquiryRequestSchema(locale), body, inquiryInvalidRequest[locale]);
      // Counted once the form is valid: a mistyped form costs nothing, every inquiry that mails someone counts.
      await countAttempt(deps.rateLimiter, `inquiry-ask:client:${clientKey}`, INQUIRY_LIMITS_PER_CLIENT.ask, {
        message: inquiryMessages.rateLimited[locale],
      });
      let experience: { id: string; title: string } | null = null;
      if (request.experienceId) {
        experience = await deps.publishedExperience(request.experienceId);
        if (!experience)
          throw new DomainError('validation_failed', inquiryInvalidRequest[locale], {
            experienceId: inquiryFieldTexts[locale].experience,
          });
      }
      const now = deps.clock();
      const at = now.toISOString();
      const inquiry: Inquiry = {
        id: deps.newId(),
        token: deps.newToken(),
        name: request.name,
        email: request.email,
        locale: request.locale,
        status: 'new',
        experienceId: experience?.id ?? null,
        experienceTitle: experience?.title ?? null,
        preferredDates: request.preferredDates,
        guests: request.guests,
        createdAt: at,
        replyDueAt: replyDueAt(now).toISOString(),
        lastMessageAt: at,
      };
      const mails = [
        outboxMail(
          'inquiry-received',
          inquiry.email,
          inquiry.locale,
          inquiryReceivedMail(context(inquiry), request.message),
        ),
        conciergeMail(inquiry, request.message, true),
      ];
      await deps.inquiries.create(
        inquiry,
        { from: 'guest', text: request.message, createdAt: at },
        mails,
        now,
      );
      deps.logger.info('Inquiry received', { inquiryId: inquiry.id, locale: inquiry.locale });
      await deliver(mails);
      return { id: inquiry.id };
    },

    /** `GET /api/inquiries/{token}`: the conversation and the offers, as the guest sees them. */
    async conversation(token: string): Promise<GuestConversationView> {
      const { inquiry, messages } = await conversationOfToken(token);
      const offers = await deps.offers.listByInquiry(inquiry.id);
      return {
        status: inquiry.status,
        replyDueAt: inquiry.replyDueAt,
        messages,
        offers: offers.map(guestOffer),
      };
    },

    /** `POST /api/inquiries/{token}/messages`: the guest answers; `new` again with a fresh deadline. */
    async answer(
      token: string,
      body: unknown,
      clientKey: string,
    ): Promise<{ messages: InquiryMessage[]; status: InquiryStatus }> {
      const first = await conversationOfToken(token);
      const locale = first.inquiry.locale;
      const { text } = parseOrThrow(inquiryMessageSchema(locale), body, inquiryInvalidRequest[locale]);
      await countAttempt(
        deps.rateLimiter,
        `inquiry-answer:client:${clientKey}`,
        INQUIRY_LIMITS_PER_CLIENT.answer,
        {
          message: inquiryMessages.rateLimited[locale],
        },
      );
      let reads = 0;
      const { mails } = await changeInquiry(
        async () => (reads++ === 0 ? first : conversationOfToken(token, locale)),
        (inquiry, now) => {
          const next = { ...inquiry, status: 'new' as const, replyDueAt: replyDueAt(now).toISOString() };
          return {
            status: next.status,
            replyDueAt: next.replyDueAt,
            message: { from: 'guest', text, createdAt: now.toISOString() },
            mails: [conciergeMail(next, text, false)],
          };
        },
      );
      await deliver(mails);
      const after = await conversationOfToken(token, locale);
      return { messages: after.messages, status: after.inquiry.status };
    },
  };
}

/** The concierge's side (admin API): the inbox, a conversation, reply, close, the dashboard's figures. */
export function makeConciergeInquiries(deps: InquiryUseCaseDeps) {
  const { context, outboxMail, deliver, conversationOfId, changeInquiry } = inquiryCommon(deps);

  async function adminDetail(id: string): Promise<AdminInquiryDetail> {
    const [{ inquiry, messages }, offers] = await Promise.all([
      conversationOfId(id),
      deps.offers.listByInquiry(id),
    ]);
    return {
      ...listItem(inquiry, deps.clock()),
      locale: inquiry.locale,
      ...(inquiry.experienceId
        ? { experience: { id: inquiry.experienceId, title: inquiry.experienceTitle ?? '' } }
        : {}),
      ...(inquiry.preferredDates ? { preferredDates: inquiry.preferredDates } : {}),
      ...(inquiry.guests ? { guests: inquiry.guests } : {}),
      messages,
      offers,
    };
  }

  return {
    /** `GET /api/admin/inquiries?status&cursor`: overdue first, then the nearest deadline. */
    async list(filter: { status?: InquiryStatus } & PageRequest): Promise<Page<AdminInquiryListItem>> {
      const page = await deps.inquiries.list(filter);
      const now = deps.clock();
      return {
        items: page.items.map((i) => listItem(i, now)),
        ...(page.cursor ? { cursor: page.cursor } : {}),
      };
    },

    detail: adminDetail,

    /** `POST /api/admin/inquiries/{id}/messages`: the concierge replies; mailed to the guest; `answered`. */
    async reply(id: string, text: string): Promise<AdminInquiryDetail> {
      const { mails } = await changeInquiry(
        () => conversationOfId(id),
        (inquiry, now) => ({
          status: 'answered',
          replyDueAt: inquiry.replyDueAt,
          message: { from: 'concierge' satisfies MessageAuthor, text, createdAt: now.toISOString() },
          mails: [
            outboxMail(
              'inquiry-reply',
              inquiry.email,
              inquiry.locale,
              inquiryReplyMail(context(inquiry), text),
            ),
          ],
        }),
      );
      await deliver(mails);
      return adminDetail(id);
    },

    /** `POST /api/admin/inquiries/{id}/close`: nothing is mailed; a later guest message opens it again. */
    async close(id: string): Promise<AdminInquiryDetail> {
      await changeInquiry(
        () => conversationOfId(id),
        (inquiry) => ({ status: 'closed', replyDueAt: inquiry.replyDueAt, mails: [] }),
      );
      return adminDetail(id);
    },

    /** The dashboard's `inquiries: { open, overdue }`. */
    dashboardCounts: () => deps.inquiries.counts(deps.clock()),
  };
}

/** Both sides at once (tests; each API builds only its own side, so its bundle keeps only that side's mails). */
export function makeInquiryUseCases(deps: InquiryUseCaseDeps) {
  return { ...makeGuestInquiries(deps), ...makeConciergeInquiries(deps) };
}

function listItem(inquiry: Inquiry, now: Date): AdminInquiryListItem {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    status: inquiry.status,
    createdAt: inquiry.createdAt,
    replyDueAt: inquiry.replyDueAt,
    overdue: isOverdue(inquiry, now),
  };
}

export type GuestInquiries = ReturnType<typeof makeGuestInquiries>;
export type ConciergeInquiries = ReturnType<typeof makeConciergeInquiries>;
export type InquiryUseCases = ReturnType<typeof makeInquiryUseCases>;
