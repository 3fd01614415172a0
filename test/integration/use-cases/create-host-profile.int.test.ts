import { createDynamoRepositories } from '../../../functions/adapters/dynamodb/repositories';
import { handler } from '../../../functions/auth/post-confirmation';
import { makeCreateHostProfile } from '../../../functions/use-cases/create-host-profile';
import { createTestTable, type TestTable } from '../../support/test-table';

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable();
});
afterAll(async () => {
  await table.drop();
});

describe('createHostProfile', () => {
  it('creates the profile once, even when the trigger is retried concurrently', async () => {
    const repos = createDynamoRepositories({ doc: table.doc, tableName: table.tableName });
    const create = makeCreateHostProfile({
      hosts: repos.hosts,
      clock: () => new Date('2026-11-21T00:00:00Z'),
    });
    const account = { userId: 'user-1', email: 'Owner@Example.com', businessName: ' Uchiko Washi Studio ' };
    const results = await Promise.all([create(account), create(account), create(account)]);
    expect(new Set(results.map((h) => h.id))).toEqual(new Set(['user-1']));
    const stored = await repos.hosts.getByEmail('owner@example.com');
    expect(stored).toMatchObject({
      id: 'user-1',
      businessName: 'Uchiko Washi Studio',
      languages: ['japanese'],
    });
    expect(stored?.cancellationPolicy).toEqual({ days: 7, refundPercentage: 100 });
    expect(await repos.counters.adminDashboard('2026-11')).toMatchObject({ totalHosts: 1 });
  });

  it('names a host without a business name after the e-mail', async () => {
    const repos = createDynamoRepositories({ doc: table.doc, tableName: table.tableName });
    const host = await makeCreateHostProfile({ hosts: repos.hosts, clock: () => new Date() })({
      userId: 'user-2',
      email: 'guide@matsuyama.jp',
    });
    expect(host.businessName).toBe('guide');
  });
});

describe('post-confirmation trigger', () => {
  it('ignores password-reset confirmations and returns the event to Cognito unchanged', async () => {
    const event = {
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      userName: 'x',
      request: { userAttributes: {} },
    };
    await expect(handler(event)).resolves.toBe(event);
  });
});
