/**
 * The concierge desk's inquiries (issue 31, DESIGN §6 wave 4) over real HTTP through the local stack on DynamoDB
 * Local: a guest asks in Korean and gets the acknowledgement with the `/ko/inquiry/<token>` link; bad forms are 400
 * with field messages and store nothing; the concierge replies (mailed to the guest, `answered`), the guest answers
 * (`new` again, the concierge notified in Japanese), the concierge closes; the inbox lists overdue first; the
 * dashboard counts open and overdue; a client is limited; the admin routes need an admin. Each test asks from an
 * address of its own (127.0.31.x), so the per-client limits never mix.
 */
import { INQUIRY_LIMITS_PER_CLIENT } from '../../../functions/use-cases/concierge/inquiries';
import { DEMO_HOST } from '../../../scripts/seed/hosts';
import {
  bearer,
  call,
  callFrom,
  demoAdminToken,
  outbox,
  SEEDED,
  signIn,
  startApiWorld,
  type ApiWorld,
  type ErrorBody,
  type OutboxMail,
} from './support';

let world: ApiWorld;
let adminToken: string;
let hostToken: string;

beforeAll(async () => {
  world = await startApiWorld('inquiries-');
  adminToken = await demoAdminToken(world);
  hostToken = await signIn(world, 'host', DEMO_HOST.email, DEMO_HOST.password);
});
afterAll(async () => {
  await world?.stop();
});
afterEach(() => {
  world.stack.clock.reset();
});

const CONCIERGE = 'concierge@example.com';

interface Message {
  from: 'guest' | 'concierge';
  text: string;
  createdAt: string;
}
interface Conversation {
  status: string;
  replyDueAt: string;
  messages: Message[];
  offers: unknown[];
}
interface ListItem {
  id: string;
  name: string;
  email: string;
  status: string;
  createdAt: string;
  replyDueAt: string;
  overdue: boolean;
}
interface Detail extends ListItem {
  locale: string;
  experience?: { id: string; title: string };
  preferredDates?: string;
  guests?: number;
  messages: Message[];
  offers: unknown[];
}

let addressSeq = 0;
/** A loopback address no other test of this file uses. */
const freshAddress = () => `127.0.31.${++addressSeq}`;

const unique = () => Math.random().toString(36).slice(2, 10);

function inquiryBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kim Minji',
    email: `minji.${unique()}@example.com`,
    locale: 'ko',
    message: '4월에 가족 여행을 계획하고 있습니다. 아이 두 명과 함께 참여할 수 있을까요?',
    ...overrides,
  };
}

const asAdmin = <T>(method: string, path: string, body?: unknown) =>
  call<T>(world, method, path, body, bearer(adminToken));

const mailsTo = async (to: string): Promise<OutboxMail[]> =>
  (await outbox(world)).filter((m) => m.destination.to.includes(to));

/** The conversation token of the guest's newest acknowledgement, read from the link in the mail. */
async function tokenMailedTo(email: string, prefix: string): Promise<string> {
  const mail = (await mailsTo(email)).at(-1);
  const match = new RegExp(`https?://[^/\\s]+${prefix}/inquiry/([A-Za-z0-9_-]{43})`).exec(
    mail?.body.text ?? '',
  );
  if (!match) throw new Error(`no conversation link in ${mail?.body.text}`);
  return match[1]!;
}

/** Asks from a fresh address and answers the inquiry's id, token and guest address. */
async function ask(overrides: Record<string, unknown> = {}) {
  const body = inquiryBody(overrides);
  const res = await callFrom<{ id: string }>(freshAddress(), world, 'POST', '/api/inquiries', body);
  if (res.status !== 201) throw new Error(`ask: ${res.status} ${res.text}`);
  const prefix = body.locale === 'en' ? '' : `/${String(body.locale).toLowerCase()}`;
  return { id: res.body.id, token: await tokenMailedTo(body.email, prefix), email: body.email };
}

async function allInquiries(status?: string): Promise<ListItem[]> {
  const items: ListItem[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({
      limit: '2',
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const res = await asAdmin<{ items: ListItem[]; cursor?: string }>('GET', `/api/admin/inquiries?${query}`);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.cursor;
  } while (cursor);
  return items;
}

describe('a guest asks', () => {
  it('in Korean: 201, an acknowledgement in Korean with the reply time and the /ko/inquiry link, the concierge told in Japanese', async () => {
    const body = inquiryBody({ experienceId: SEEDED.id, preferredDates: '4월 3일~5일', guests: 4 });
    const res = await callFrom<{ id: string }>(freshAddress(), world, 'POST', '/api/inquiries', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String) });

    const [ack] = await mailsTo(body.email);
    expect(ack?.subject).toContain('문의가 접수되었습니다');
    expect(ack?.body.text).toContain('일본 시간');
    expect(ack?.body.text).toContain(body.message);
    const token = await tokenMailedTo(body.email, '/ko');

    const notice = (await mailsTo(CONCIERGE)).find((m) =>
      m.body.text?.includes(`/admin/inquiries/${res.body.id}`),
    );
    expect(notice?.subject).toContain('新しいお問い合わせ');
    expect(notice?.body.text).toContain('韓国語');
    expect(notice?.body.text).toContain('返信期限');
    expect(notice?.body.text).toContain(body.message);

    const conversation = await call<Conversation>(world, 'GET', `/api/inquiries/${token}`);
    expect(conversation.status).toBe(200);
    expect(conversation.body).toEqual({
      status: 'new',
      replyDueAt: expect.any(String),
      messages: [{ from: 'guest', text: body.message, createdAt: expect.any(String) }],
      offers: [],
    });
    expect(Date.parse(conversation.body.replyDueAt)).toBeGreaterThan(world.stack.clock.now().getTime());

    const detail = await asAdmin<Detail>('GET', `/api/admin/inquiries/${res.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: res.body.id,
      name: body.name,
      email: body.email,
      locale: 'ko',
      status: 'new',
      overdue: false,
      experience: { id: SEEDED.id, title: SEEDED.title },
      preferredDates: '4월 3일~5일',
      guests: 4,
      offers: [],
    });
    expect(detail.body.messages).toHaveLength(1);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'message', '문의 내용을 입력해 주세요'],
    [
      'a message of 10,000 characters',
      { message: 'あ'.repeat(10_000) },
      'message',
      '5,000자 이내로 입력해 주세요',
    ],
    ['a bad e-mail', { email: 'minji@@example' }, 'email', '올바른 이메일 주소를 입력해 주세요'],
    [
      'an unknown experience',
      { experienceId: 'no-such-experience' },
      'experienceId',
      '이 체험은 현재 안내해 드릴 수 없습니다',
    ],
    ['a party of 0', { guests: 0 }, 'guests', '1~50명으로 입력해 주세요'],
  ])(
    'with %s: 400 with a Korean field message, nothing stored or mailed',
    async (_name, overrides, field, message) => {
      const body = inquiryBody(overrides);
      const before = (await allInquiries()).length;
      const res = await callFrom<ErrorBody>(freshAddress(), world, 'POST', '/api/inquiries', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields?.[field]).toBe(message);
      expect((await allInquiries()).length).toBe(before);
      expect(await mailsTo(body.email)).toEqual([]);
    },
  );

  it('in English: field messages in English, and the link has no language prefix', async () => {
    const bad = await callFrom<ErrorBody>(
      freshAddress(),
      world,
      'POST',
      '/api/inquiries',
      inquiryBody({ locale: 'en', message: '' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.message).toBe('Please write your question');
    const { token } = await ask({ locale: 'en', name: 'Alex Smith' });
    expect(token).toHaveLength(43);
  });

  it('is limited per client: 429 with Retry-After past the limit', async () => {
    const from = freshAddress();
    const { limit } = INQUIRY_LIMITS_PER_CLIENT.ask;
    for (let i = 0; i < limit; i++) {
      expect((await callFrom(from, world, 'POST', '/api/inquiries', inquiryBody())).status).toBe(201);
    }
    const refused = await callFrom<ErrorBody>(from, world, 'POST', '/api/inquiries', inquiryBody());
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await callFrom(freshAddress(), world, 'POST', '/api/inquiries', inquiryBody())).status).toBe(201);
  });
});

describe('an unknown conversation link', () => {
  it.each([
    ['GET', undefined],
    ['POST', { text: 'hello' }],
  ] as const)('%s answers 404', async (method, body) => {
    const path = method === 'GET' ? '/api/inquiries/' : '/api/inquiries/';
    const unknown = 'A'.repeat(43);
    const res = await callFrom<ErrorBody>(
      freshAddress(),
      world,
      method,
      `${path}${unknown}${method === 'POST' ? '/messages' : ''}`,
      body,
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('the conversation', () => {
  it('the concierge replies (answered, mailed in Korean), the guest answers (new, concierge told in Japanese), the concierge closes', async () => {
    const { id, token, email } = await ask();

    const reply = await asAdmin<Detail>('POST', `/api/admin/inquiries/${id}/messages`, {
      text: '안녕하세요. 네, 아이와 함께 참여하실 수 있습니다.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('answered');
    expect(reply.body.messages.map((m) => m.from)).toEqual(['guest', 'concierge']);
    const replyMail = (await mailsTo(email)).find((m) => m.subject.includes('컨시어지가 답변했습니다'));
    expect(replyMail?.body.text).toContain('아이와 함께 참여하실 수 있습니다');
    expect(replyMail?.body.text).toContain(`/ko/inquiry/${token}`);

    const seen = await call<Conversation>(world, 'GET', `/api/inquiries/${token}`);
    expect(seen.body.status).toBe('answered');

    // Later: the deadline runs again from the guest's answer.
    await call(world, 'POST', '/api/local-clock/advance', { hours: 72 });
    const answer = await callFrom<{ messages: Message[]; status: string }>(
      freshAddress(),
      world,
      'POST',
      `/api/inquiries/${token}/messages`,
      { text: '감사합니다! 4월 4일 오전은 어떨까요?' },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.status).toBe('new');
    expect(answer.body.messages.map((m) => m.from)).toEqual(['guest', 'concierge', 'guest']);
    const notice = (await mailsTo(CONCIERGE)).find(
      (m) => m.subject.includes('返信がありました') && m.body.text?.includes('4월 4일 오전'),
    );
    expect(notice?.body.text).toContain(`/admin/inquiries/${id}`);
    const afterAnswer = await asAdmin<Detail>('GET', `/api/admin/inquiries/${id}`);
    expect(afterAnswer.body.status).toBe('new');
    expect(afterAnswer.body.overdue).toBe(false);
    expect(Date.parse(afterAnswer.body.replyDueAt)).toBeGreaterThan(world.stack.clock.now().getTime());

    const closed = await asAdmin<Detail>('POST', `/api/admin/inquiries/${id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await allInquiries('closed')).map((i) => i.id)).toContain(id);
    expect((await allInquiries('new')).map((i) => i.id)).not.toContain(id);

    // A guest message on a closed inquiry opens it again.
    const reopened = await callFrom<{ status: string }>(
      freshAddress(),
      world,
      'POST',
      `/api/inquiries/${token}/messages`,
      {
        text: '한 가지 더 여쭤봐도 될까요?',
      },
    );
    expect(reopened.body.status).toBe('new');
  });

  it('refuses empty and overlong messages with field messages (the guest in Korean, the concierge in Japanese)', async () => {
    const { id, token } = await ask();
    const guest = await callFrom<ErrorBody>(
      freshAddress(),
      world,
      'POST',
      `/api/inquiries/${token}/messages`,
      { text: '' },
    );
    expect(guest.status).toBe(400);
    expect(guest.body.error.fields?.text).toBe('문의 내용을 입력해 주세요');
    const concierge = await asAdmin<ErrorBody>('POST', `/api/admin/inquiries/${id}/messages`, {
      text: 'x'.repeat(10_000),
    });
    expect(concierge.status).toBe(400);
    expect(concierge.body.error.fields?.text).toBe('5,000文字以内で入力してください');
    const detail = await asAdmin<Detail>('GET', `/api/admin/inquiries/${id}`);
    expect(detail.body.messages).toHaveLength(1);
    expect(detail.body.status).toBe('new');
  });
});

describe('at the same moment', () => {
  it('a guest answer and a concierge reply both land, and the inbox lists the inquiry under the status it has', async () => {
    const { id, token } = await ask();
    const [answer, reply] = await Promise.all([
      callFrom<{ status: string }>(freshAddress(), world, 'POST', `/api/inquiries/${token}/messages`, {
        text: 'One more thing',
      }),
      asAdmin<Detail>('POST', `/api/admin/inquiries/${id}/messages`, { text: 'Yes, of course.' }),
    ]);
    expect([answer.status, reply.status]).toEqual([201, 201]);
    const detail = await asAdmin<Detail>('GET', `/api/admin/inquiries/${id}`);
    expect(detail.body.messages.map((m) => m.text).sort()).toEqual(
      [inquiryBody().message, 'One more thing', 'Yes, of course.'].sort(),
    );
    // Whichever wrote last decides the status; the list index agrees with it.
    const last = detail.body.messages.at(-1)!;
    expect(detail.body.status).toBe(last.from === 'guest' ? 'new' : 'answered');
    expect((await allInquiries(detail.body.status)).map((i) => i.id)).toContain(id);
    const otherStatus = detail.body.status === 'new' ? 'answered' : 'new';
    expect((await allInquiries(otherStatus)).map((i) => i.id)).not.toContain(id);
  });
});

describe('the inbox and the dashboard', () => {
  it('lists overdue first, then the nearest deadline; the dashboard counts open and overdue', async () => {
    const older = await ask({ name: 'Older Guest' });
    // Two days later the first question is past its deadline; a new one is not.
    await call(world, 'POST', '/api/local-clock/advance', { hours: 96 });
    const newer = await ask({ name: 'Newer Guest' });

    const listed = await allInquiries('new');
    const olderAt = listed.findIndex((i) => i.id === older.id);
    const newerAt = listed.findIndex((i) => i.id === newer.id);
    expect(olderAt).toBeGreaterThanOrEqual(0);
    expect(olderAt).toBeLessThan(newerAt);
    expect(listed[olderAt]!.overdue).toBe(true);
    expect(listed[newerAt]!.overdue).toBe(false);
    // Overdue ones come before every one that is not, and deadlines ascend.
    const firstNotOverdue = listed.findIndex((i) => !i.overdue);
    expect(listed.slice(firstNotOverdue).every((i) => !i.overdue)).toBe(true);
    const dues = listed.map((i) => Date.parse(i.replyDueAt));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));

    // The whole list: new first, then answered and waiting, then closed.
    const all = await allInquiries();
    const rank = (s: string) => (s === 'new' ? 0 : s === 'closed' ? 2 : 1);
    const ranks = all.map((i) => rank(i.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const dashboard = await asAdmin<{ inquiries: { open: number; overdue: number }; totalBookings: number }>(
      'GET',
      '/api/admin/dashboard',
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.totalBookings).toEqual(expect.any(Number));
    expect(dashboard.body.inquiries).toEqual({
      open: all.filter((i) => i.status !== 'closed').length,
      overdue: all.filter((i) => i.overdue).length,
    });
    expect(dashboard.body.inquiries.overdue).toBeGreaterThanOrEqual(1);

    // Replying takes it out of the overdue count.
    const before = dashboard.body.inquiries;
    await asAdmin('POST', `/api/admin/inquiries/${older.id}/messages`, { text: 'Sorry for the wait!' });
    const after = await asAdmin<{ inquiries: { open: number; overdue: number } }>(
      'GET',
      '/api/admin/dashboard',
    );
    expect(after.body.inquiries).toEqual({ open: before.open, overdue: before.overdue - 1 });
  });

  it('refuses an unknown status filter with a Japanese message', async () => {
    const res = await asAdmin<ErrorBody>('GET', '/api/admin/inquiries?status=pending');
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.status).toMatch(/状態/);
  });

  it('answers 404 for an unknown inquiry', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/inquiries/no-such-inquiry'],
      ['POST', '/api/admin/inquiries/no-such-inquiry/close'],
    ] as const) {
      const res = await asAdmin<ErrorBody>(method, path);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('問い合わせが見つかりませんでした。');
    }
  });
});

describe('who may use the inbox', () => {
  it.each([
    ['GET', '/api/admin/inquiries'],
    ['GET', '/api/admin/inquiries/some-id'],
    ['POST', '/api/admin/inquiries/some-id/messages'],
    ['POST', '/api/admin/inquiries/some-id/close'],
  ] as const)('%s %s: 401 without a token and with a host token', async (method, path) => {
    for (const headers of [{}, bearer(hostToken)]) {
      expect(
        (await call(world, method, path, method === 'POST' ? { text: 'x' } : undefined, headers)).status,
      ).toBe(401);
    }
  });
});
