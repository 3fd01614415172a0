import type { DomainError } from '../../../functions/domain/errors';
import type { Host } from '../../../functions/domain/entities';
import { makeAdminHosts } from '../../../functions/use-cases/back-office/admin-hosts';
import { FakeHostIdentity } from '../../support/fakes/fake-host-identity';
import { NOW, makeExperience, makeHost, nextId } from '../../support/fakes/fixtures';
import { makeSendMails } from '../../../functions/use-cases/send-mails';
import {
  createInMemoryRepositories,
  type InMemoryRepositories,
} from '../../support/fakes/in-memory-repositories';
import { makeHostNotifications } from '../../../functions/use-cases/host-notifications';
import { RecordingLogger, RecordingMailer } from '../../support/fakes/recorders';

let repos: InMemoryRepositories;
let identity: FakeHostIdentity;
let logger: RecordingLogger;
let mailer: RecordingMailer;
let hosts: ReturnType<typeof makeAdminHosts>;

beforeEach(() => {
  repos = createInMemoryRepositories();
  identity = new FakeHostIdentity();
  logger = new RecordingLogger();
  mailer = new RecordingMailer();
  const clock = () => new Date(NOW);
  const sendMails = makeSendMails({ outbox: repos.outbox, mailer, logger, clock });
  const hostNotifications = makeHostNotifications({
    newId: () => nextId('mail'),
    baseUrl: 'https://example.jp',
  });
  hosts = makeAdminHosts({
    ...repos,
    identity,
    hostNotifications,
    // The outbox's sender delivers the mails written with the approval, as the local stack does.
    notifications: { queued: async (mails) => void (await sendMails.deliver(mails.map((m) => m.id))) },
    logger,
    clock,
  });
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e as DomainError,
  );

const form = (overrides: Record<string, unknown> = {}) => ({
  email: 'Uwajima.Pearls@Example.com',
  password: 'pearls-2025',
  businessName: ' Uwajima Pearls ',
  introduction: 'Pearl farm tours on the Uwa Sea.',
  languages: ['japanese', 'english', 'japanese'],
  locationLat: '33.22',
  ...overrides,
});

describe('creating a host (both or neither)', () => {
  it('makes a user who can sign in with the given password and the profile under its id', async () => {
    const view = await hosts.create(form());
    const user = identity.users.get(view.id)!;
    expect(user).toMatchObject({
      email: 'uwajima.pearls@example.com',
      password: 'pearls-2025',
      enabled: true,
    });
    expect(await repos.hosts.get(view.id)).toEqual({
      id: view.id,
      email: 'uwajima.pearls@example.com',
      businessName: 'Uwajima Pearls',
      introduction: 'Pearl farm tours on the Uwa Sea.',
      businessDescription: null,
      businessHours: null,
      address: null,
      phone: null,
      website: null,
      locationLat: 33.22,
      locationLng: null,
      languages: ['japanese', 'english'],
      cancellationPolicy: null,
      avatarUrl: null,
      createdAt: NOW.toISOString(),
      reviewStatus: 'approved',
    } satisfies Host);
    expect(view).toMatchObject({
      reviewStatus: 'approved',
      suspension: null,
      experiences: [],
      pendingBookings: [],
    });
  });

  it('removes the user again when the profile cannot be written', async () => {
    repos.hosts.create = async () => {
      throw new Error('DynamoDB is unreachable');
    };
    const error = await rejection(hosts.create(form()));
    expect(error).toMatchObject({ code: 'service_unavailable', message: 'ホストの作成に失敗しました。' });
    expect(identity.users.size).toBe(0);
    expect(repos.hosts.items.size).toBe(0);
  });

  it('logs the user for an operator when even the removal fails, and still fails the creation', async () => {
    repos.hosts.create = async () => {
      throw new Error('DynamoDB is unreachable');
    };
    identity.failing.add('deleteUser');
    expect((await rejection(hosts.create(form()))).code).toBe('service_unavailable');
    const [entry] = logger.at('error');
    expect(entry?.context).toMatchObject({ userId: 'user-1', email: 'uwajima.pearls@example.com' });
  });

  it('answers 409 with the specification message for an address a host has, in any case, and creates no user', async () => {
    await repos.hosts.create(makeHost({ id: 'h1', email: 'uwajima.pearls@example.com' }));
    const error = await rejection(hosts.create(form()));
    expect(error).toMatchObject({
      code: 'duplicate',
      message: 'このメールアドレスは既に登録されています',
      fields: { email: 'このメールアドレスは既に登録されています' },
    });
    expect(identity.users.size).toBe(0);
  });

  it('answers 409 for an address the host pool already has (a user without a profile)', async () => {
    await identity.createUser({ email: 'uwajima.pearls@example.com', password: 'whatever1' });
    expect((await rejection(hosts.create(form()))).code).toBe('duplicate');
    expect(repos.hosts.items.size).toBe(0);
  });

  it('refuses an invalid form with the Japanese field messages and creates nothing', async () => {
    const error = await rejection(
      hosts.create({ email: 'nope', password: 'short', businessName: '', languages: [] }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({
      email: '有効なメールアドレスを入力してください',
      password: 'パスワードは8文字以上必要です',
      businessName: 'ビジネス名は必須です',
      languages: '言語を1つ以上選択してください',
    });
    expect(identity.users.size).toBe(0);
  });
});

describe('suspending and reinstating a host', () => {
  let host: Host;
  beforeEach(async () => {
    host = makeHost({ id: 'h1' });
    await repos.hosts.create(host);
    await identity.createUser({ email: host.email, password: 'password1' });
    identity.users.set('h1', { ...identity.users.get('user-1')!, userId: 'h1' });
    identity.users.delete('user-1');
    await repos.experiences.create(makeExperience({ id: 'public', hostId: 'h1' }), []);
    await repos.experiences.create(
      makeExperience({ id: 'private', hostId: 'h1', publicationStatus: 'private' }),
      [],
    );
  });

  it('records who suspended and why, disables the user, and shows the experiences as unlisted', async () => {
    const view = await hosts.suspend('h1', 'Complaints about no-shows', 'admin-1');
    expect(view.suspension).toEqual({
      suspendedAt: NOW.toISOString(),
      suspendedBy: 'admin-1',
      reason: 'Complaints about no-shows',
    });
    expect(identity.users.get('h1')?.enabled).toBe(false);
    expect(view.experiences.map((e) => [e.id, e.publicationStatus, e.listed])).toEqual(
      expect.arrayContaining([
        ['public', 'public', false],
        ['private', 'private', false],
      ]),
    );
    expect((await rejection(hosts.suspend('h1', null, 'admin-2'))).code).toBe('state_conflict');
    // One Japanese mail to the host, without the admins' note (issue 21 item 10).
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.subject).toContain('ホストアカウントを一時停止しました');
    expect(mailer.sent[0]?.text).toContain('運営までお問い合わせください');
    expect(mailer.sent[0]?.text).not.toContain('Complaints about no-shows');
  });

  it('undoes the suspension when Cognito cannot disable the user, and mails nobody', async () => {
    identity.failing.add('disableUser');
    expect((await rejection(hosts.suspend('h1', null, 'admin-1'))).code).toBe('service_unavailable');
    expect(await repos.hosts.suspensionOf('h1')).toBeNull();
    expect(mailer.sent).toEqual([]);
  });

  it('reinstates: user enabled, public experiences listed again with their own status', async () => {
    await hosts.suspend('h1', null, 'admin-1');
    const view = await hosts.reinstate('h1');
    expect(view.suspension).toBeNull();
    expect(identity.users.get('h1')?.enabled).toBe(true);
    expect(view.experiences.find((e) => e.id === 'public')?.listed).toBe(true);
    expect(view.experiences.find((e) => e.id === 'private')?.listed).toBe(false);
    expect((await rejection(hosts.reinstate('h1'))).code).toBe('state_conflict');
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      expect.stringContaining('ホストアカウントを一時停止しました'),
      expect.stringContaining('ホストアカウントの停止を解除しました'),
    ]);
  });

  it('keeps the suspension when Cognito cannot enable the user', async () => {
    await hosts.suspend('h1', 'note', 'admin-1');
    identity.failing.add('enableUser');
    expect((await rejection(hosts.reinstate('h1'))).code).toBe('service_unavailable');
    expect(await repos.hosts.suspensionOf('h1')).toMatchObject({ reason: 'note', suspendedBy: 'admin-1' });
    expect(mailer.sent).toHaveLength(1);
  });

  it('answers 404 with the specification message for an unknown host', async () => {
    for (const p of [hosts.get('nobody'), hosts.suspend('nobody', null, 'a'), hosts.reinstate('nobody')]) {
      expect(await rejection(p)).toMatchObject({ code: 'not_found', message: 'ホストが見つかりません' });
    }
  });
});

describe('the host list', () => {
  it('is newest first with experience counts and suspension', async () => {
    await repos.hosts.create(
      makeHost({ id: 'old', email: 'old@example.com', createdAt: '2025-01-01T00:00:00Z' }),
    );
    await repos.hosts.create(
      makeHost({ id: 'new', email: 'new@example.com', createdAt: '2025-03-01T00:00:00Z' }),
    );
    await repos.experiences.create(makeExperience({ hostId: 'old' }), []);
    await repos.experiences.create(makeExperience({ hostId: 'old', publicationStatus: 'private' }), []);
    await repos.hosts.suspend('old', { suspendedAt: NOW.toISOString(), suspendedBy: 'a', reason: null });
    const page = await hosts.list({ limit: 50 });
    expect(page.items.map((h) => [h.id, h.experienceCount, h.suspended])).toEqual([
      ['new', 0, false],
      ['old', 2, true],
    ]);
  });
});

describe('vetting self-registered hosts', () => {
  beforeEach(async () => {
    await repos.hosts.create(
      makeHost({
        id: 'waiting',
        email: 'waiting@example.com',
        businessName: 'Kurushima Boats',
        reviewStatus: 'underReview',
        createdAt: '2025-03-01T00:00:00Z',
      }),
    );
    // Stored before vetting existed: no review status at all, which counts as approved.
    await repos.hosts.create(
      makeHost({ id: 'old', email: 'old@example.com', createdAt: '2025-01-01T00:00:00Z' }),
    );
  });

  it('lists hosts with their review status, and only those under review with the filter', async () => {
    const all = await hosts.list({ limit: 50 });
    expect(all.items.map((h) => [h.id, h.reviewStatus])).toEqual([
      ['waiting', 'underReview'],
      ['old', 'approved'],
    ]);
    const waiting = await hosts.list({ limit: 50, reviewStatus: 'underReview' });
    expect(waiting.items.map((h) => h.id)).toEqual(['waiting']);
  });

  it('approves a host once, with one Japanese mail to the host', async () => {
    const view = await hosts.approve('waiting');
    expect(view.reviewStatus).toBe('approved');
    expect((await repos.hosts.get('waiting'))?.reviewStatus).toBe('approved');
    expect((await hosts.list({ limit: 50, reviewStatus: 'underReview' })).items).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'waiting@example.com' });
    expect(mailer.sent[0]?.subject).toContain('審査が完了しました');
    expect(mailer.sent[0]?.text).toContain('Kurushima Boats 様');
    await hosts.approve('waiting');
    expect(mailer.sent).toHaveLength(1);
  });

  it('answers 404 for an unknown host and mails nobody', async () => {
    expect(await rejection(hosts.approve('nobody'))).toMatchObject({ code: 'not_found' });
    expect(mailer.sent).toEqual([]);
  });

  it('approves even when the mail cannot be sent, and keeps the mail in the outbox for a retry', async () => {
    mailer.failFor.add('waiting@example.com');
    expect((await hosts.approve('waiting')).reviewStatus).toBe('approved');
    expect(mailer.sent).toEqual([]);
    const [mail] = await repos.outbox.listDue(new Date(NOW.getTime() + 24 * 3600_000), 10);
    expect(mail).toMatchObject({
      to: 'waiting@example.com',
      kind: 'host_account_approved',
      status: 'pending',
    });
  });
});
