/**
 * The inquiry use cases with fakes of their ports (STYLE §8): statuses and deadlines move as the contract says, a
 * change that loses a race to another writer is applied again to the fresh inquiry (and ends in 409 only after
 * repeated losses), and every message goes to the store with its mail.
 */
import { DomainError } from '../../../functions/domain/errors';
import type { Inquiry, InquiryMessage, InquiryStatus } from '../../../functions/domain/inquiries';
import { replyDueAt } from '../../../functions/domain/reply-deadline';
import { makeInquiryUseCases } from '../../../functions/use-cases/concierge/inquiries';
import type {
  InquiryConversation,
  InquiryRepository,
} from '../../../functions/use-cases/concierge/inquiry-ports';
import type { OutboxMail } from '../../../functions/use-cases/mail-ports';
import { InMemoryRateLimiter, RecordingLogger } from '../../support/fakes/recorders';

class InMemoryInquiries implements InquiryRepository {
  readonly conversations = new Map<string, InquiryConversation>();
  readonly tokens = new Map<string, string>();
  readonly mails: OutboxMail[] = [];
  /** Conflicts to answer before the next update goes through (another writer got there first). */
  conflicts = 0;

  async create(inquiry: Inquiry, first: InquiryMessage, mails: OutboxMail[]) {
    this.conversations.set(inquiry.id, { inquiry, messages: [first] });
    this.tokens.set(inquiry.token, inquiry.id);
    this.mails.push(...mails);
  }
  async get(id: string) {
    const c = this.conversations.get(id);
    return c ? { inquiry: { ...c.inquiry }, messages: [...c.messages] } : null;
  }
  async idOfToken(token: string) {
    return this.tokens.get(token) ?? null;
  }
  async update(
    seen: Pick<Inquiry, 'id' | 'replyDueAt' | 'lastMessageAt'>,
    change: { status: InquiryStatus; replyDueAt: string; message?: InquiryMessage },
    mails: OutboxMail[],
  ) {
    const c = this.conversations.get(seen.id)!;
    if (this.conflicts > 0) {
      this.conflicts--;
      // Another writer's message lands first.
      const at = new Date(Date.parse(c.inquiry.lastMessageAt) + 100).toISOString();
      c.messages.push({ from: 'guest', text: 'meanwhile', createdAt: at });
      c.inquiry = { ...c.inquiry, lastMessageAt: at };
    }
    if (c.inquiry.replyDueAt !== seen.replyDueAt || c.inquiry.lastMessageAt !== seen.lastMessageAt)
      throw new DomainError('state_conflict', 'changed');
    c.inquiry = {
      ...c.inquiry,
      status: change.status,
      replyDueAt: change.replyDueAt,
      ...(change.message ? { lastMessageAt: change.message.createdAt } : {}),
    };
    if (change.message) c.messages.push(change.message);
    this.mails.push(...mails);
  }
  async list() {
    return { items: [...this.conversations.values()].map((c) => c.inquiry) };
  }
  async counts() {
    return { open: 0, overdue: 0 };
  }
}

// Thursday 26 November 2026, 12:00 Tokyo.
let now = new Date('2026-11-26T03:00:00.000Z');
let store: InMemoryInquiries;
let useCases: ReturnType<typeof makeInquiryUseCases>;
let ids = 0;

beforeEach(() => {
  now = new Date('2026-11-26T03:00:00.000Z');
  store = new InMemoryInquiries();
  useCases = makeInquiryUseCases({
    inquiries: store,
    offers: { listByInquiry: async () => [] },
    publishedExperience: async (id) => (id === 'e1' ? { id, title: '道後温泉まち歩き' } : null),
    rateLimiter: new InMemoryRateLimiter(() => now),
    clock: () => now,
    newId: () => `id-${++ids}`,
    newToken: () => `token-${ids}`,
    baseUrl: 'https://ehime.example.jp',
    conciergeEmail: 'concierge@example.com',
    logger: new RecordingLogger(),
  });
});

const question = { name: 'Lin Mei', email: 'mei@example.com', locale: 'zh-Hant', message: '可以帶小孩嗎？' };

async function asked() {
  const { id } = await useCases.ask({ ...question, experienceId: 'e1' }, '127.0.0.1');
  const { inquiry } = store.conversations.get(id)!;
  return inquiry;
}

describe('inquiries', () => {
  it('open as new, due one working day later, with the acknowledgement and the concierge notice', async () => {
    const inquiry = await asked();
    expect(inquiry).toMatchObject({ status: 'new', experienceTitle: '道後温泉まち歩き', locale: 'zh-Hant' });
    expect(inquiry.replyDueAt).toBe(replyDueAt(now).toISOString());
    expect(store.mails.map((m) => [m.kind, m.to, m.language])).toEqual([
      ['inquiry-received', 'mei@example.com', 'zh-Hant'],
      ['concierge-new-message', 'concierge@example.com', 'ja'],
    ]);
    expect(store.mails[0]!.text).toContain('https://ehime.example.jp/zh-hant/inquiry/');
  });

  it('refuse an experience that is not bookable with a field message in the guest language', async () => {
    await expect(useCases.ask({ ...question, experienceId: 'gone' }, '127.0.0.1')).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { experienceId: '此體驗目前無法提供' },
    });
    expect(store.conversations.size).toBe(0);
  });

  it('a guest answer on a closed inquiry sets new with a fresh deadline from the answer', async () => {
    const inquiry = await asked();
    await useCases.close(inquiry.id);
    now = new Date('2026-11-27T10:00:00.000Z'); // Friday 19:00 Tokyo
    const answered = await useCases.answer(inquiry.token, { text: '還有一個問題' }, '127.0.0.1');
    expect(answered.status).toBe('new');
    // Counts Monday 10:30, due Tuesday 10:30.
    expect(store.conversations.get(inquiry.id)!.inquiry.replyDueAt).toBe('2026-12-01T01:30:00.000Z');
    expect(store.mails.at(-1)).toMatchObject({ kind: 'concierge-new-message', language: 'ja' });
  });

  it('a reply that loses a race is applied again to the fresh inquiry, and is the last word', async () => {
    const inquiry = await asked();
    store.conflicts = 1;
    now = new Date('2026-11-26T03:00:01.000Z');
    const detail = await useCases.reply(inquiry.id, '可以的！');
    expect(detail.status).toBe('answered');
    expect(detail.messages.map((m) => m.text)).toEqual(['可以帶小孩嗎？', 'meanwhile', '可以的！']);
    expect(store.mails.filter((m) => m.kind === 'inquiry-reply')).toHaveLength(1);
  });

  it('ends in 409 after losing three races in a row, with nothing written', async () => {
    const inquiry = await asked();
    store.conflicts = 3;
    await expect(useCases.reply(inquiry.id, '可以的！')).rejects.toMatchObject({ code: 'state_conflict' });
    expect(store.mails.filter((m) => m.kind === 'inquiry-reply')).toEqual([]);
  });

  it('answer unknown links and ids with 404', async () => {
    await expect(useCases.conversation('nope')).rejects.toMatchObject({ code: 'not_found' });
    await expect(useCases.detail('nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});
