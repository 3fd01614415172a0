/**
 * `npm run bench:payouts` (issue 27, DESIGN §8 "Money"): the payout job's time for BENCH_PAYOUT_BOOKINGS (default
 * 1,000) payable bookings of one host, on DynamoDB Local in the local stack.
 *
 * Each run gets a fresh table with one host whose local payout account is enabled and funded, and that many
 * approved tours whose earnings were recorded as an approval records them (the booking, its capture's ledger entry,
 * its earnings and the counters, in one transaction each) with their payable time passed. Then one run of the
 * payout job through its use case with the real repositories: every earnings is made payable (`upcoming →
 * payable`, conditional, in transactions of as many as fit) and paid in one payout (`payable → paid` with the
 * payout's total, conditional, in transactions of as many as fit), then the payout and its ledger entry.
 * DynamoDB Local takes 10 items per transaction (DynamoDB 100): the figures are the slow case. The median of
 * BENCH_PAYOUT_RUNS (default 3) runs. Writes `test-results/bench-payouts.md`.
 */
import { randomUUID } from 'node:crypto';
import {
  createDocumentClient,
  createDynamoRepositories,
} from '../../functions/adapters/dynamodb/repositories';
import { createMoneyRepositories } from '../../functions/adapters/dynamodb/money-repositories';
import { LocalPaymentGateway } from '../../functions/adapters/payments/local-payment-gateway';
import { InMemoryLocalPaymentStore } from '../../functions/adapters/payments/local-payment-store';
import { captureMoney } from '../../functions/domain/booking-money';
import { addDays, todayInTokyo } from '../../functions/domain/calendar';
import type { Booking, Experience } from '../../functions/domain/entities';
import { payoutAccountOf } from '../../functions/domain/payout-account';
import { makePayHosts, type PayHostsResult } from '../../functions/use-cases/money/pay-hosts';
import { LOCAL_CREDENTIALS, ensureTable, localClient } from '../local/dynamodb-local';
import { SEED_BANK } from '../seed/payout-accounts';
import { SEED_EXPERIENCES } from '../seed/experiences';
import { machineLine, runBenchOnLocalStack } from './bench-stack';
import { envInt, median, say } from './load';

const BOOKINGS = envInt('BENCH_PAYOUT_BOOKINGS', 1_000);
const RUNS = envInt('BENCH_PAYOUT_RUNS', 3);
const WRITERS = 8;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function inParallel(count: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** An approved tour `daysAgo` days ago, as the approval leaves it (its charge to the host's account). */
function approvedTour(experience: Experience, accountId: string, i: number, now: Date): Booking {
  const date = addDays(todayInTokyo(now), -3 - (i % 20));
  const at = new Date(now.getTime() - 40 * 86_400_000).toISOString();
  const amount = experience.price * 2;
  return {
    id: randomUUID(),
    reference: `PO${i.toString(36).toUpperCase().padStart(4, '0')}`,
    experienceId: experience.id,
    hostId: experience.hostId,
    date,
    time: `${String(8 + (i % 10)).padStart(2, '0')}:00`,
    guests: 2,
    language: 'en',
    firstName: 'Emma',
    lastName: `Stone${i}`,
    email: `bench.payout.${i}@example.com`,
    phone: '+81 90 0000 0000',
    nationality: 'United Kingdom',
    specialRequests: null,
    unitPrice: experience.price,
    amount,
    currency: 'JPY',
    status: 'completed',
    paymentProvider: 'local',
    paymentIntentId: null,
    deadline: null,
    deniedMessage: null,
    guestLocale: 'en',
    experienceTitle: experience.title,
    decidedBy: null,
    decidedAt: null,
    reminderSentAt: null,
    commissionPercent: 15,
    platformFee: Math.floor((amount * 15) / 100),
    destinationAccountId: accountId,
    createdAt: at,
    updatedAt: at,
  };
}

await runBenchOnLocalStack('payouts', 'bench-payouts.md', async (stack) => {
  const dynamo = localClient(stack.config.dynamodbEndpoint);
  const doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  const seed = SEED_EXPERIENCES.find((e) => e.publicationStatus === 'public')!;
  const template = (await createDynamoRepositories({
    doc,
    tableName: stack.config.tableName,
  }).experiences.get(seed.id))!;
  const times: number[] = [];
  let last: PayHostsResult | undefined;
  let writeMs = 0;
  for (let run = 0; run < RUNS; run++) {
    const tableName = `bench-payouts-${run}-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo, tableName);
    const repos = createDynamoRepositories({ doc, tableName });
    const money = createMoneyRepositories({ doc, tableName, maxTransactionItems: 10 });
    const hostId = randomUUID();
    const experience = { ...template, hostId };
    await repos.experiences.create(experience, []);
    const payments = new LocalPaymentGateway({
      store: new InMemoryLocalPaymentStore(),
      events: { publish: async () => {} },
    });
    const account = await payments.createConnectedAccount({
      hostId,
      email: 'bench@example.com',
      businessName: 'Bench',
    });
    const enabled = (await payments.completeOnboarding(account.id, null, SEED_BANK)).account;
    await money.payoutProfiles.attachAccount(hostId, payoutAccountOf(enabled, new Date()));
    say(`Run ${run + 1}/${RUNS}: writing ${BOOKINGS} approved tours with their earnings into ${tableName} …`);
    const now = new Date();
    const written = performance.now();
    let funded = 0;
    await inParallel(BOOKINGS, async (i) => {
      const booking = approvedTour(experience, account.id, i, now);
      await repos.bookings.createWithSlotHold(booking, 100_000);
      const captured = captureMoney(booking, new Date(booking.createdAt));
      const due = { ...captured.after, payableAt: new Date(now.getTime() - 60_000).toISOString() };
      await money.money.applyMoney({ ...captured, after: due });
      funded += captured.after.net;
    });
    writeMs = performance.now() - written;
    await payments.fundAccount(account.id, funded);
    const job = makePayHosts({
      ...money,
      payments,
      logger: quiet,
      clock: () => new Date(),
      newId: randomUUID,
      maxTransactionItems: 10,
    });
    const started = performance.now();
    last = await job();
    times.push(performance.now() - started);
    if (last.paidBookings !== BOOKINGS || last.payouts !== 1 || last.amount !== funded) {
      throw new Error(
        `Expected one payout of ${BOOKINGS} bookings (¥${funded}), got ${JSON.stringify(last)}`,
      );
    }
    const totals = await money.money.hostTotals(hostId);
    if (totals.balance !== 0 || totals.earned - totals.reversed - totals.paidOut !== totals.balance) {
      throw new Error(`Ledger does not balance after the run: ${JSON.stringify(totals)}`);
    }
    say(
      `  ${last.matured} made payable, ${last.paidBookings} paid in ${last.payouts} payout in ${times.at(-1)!.toFixed(0)} ms`,
    );
  }
  const report = [
    '# Payouts (issue 27)',
    '',
    machineLine(),
    '',
    '| Measure | Result |',
    '| --- | --- |',
    `| payout job, ${BOOKINGS} due earnings of one host → made payable and paid in one payout (median of ${RUNS} runs, fresh table each) | ${(median(times) / 1000).toFixed(1)} s (runs ${times.map((t) => (t / 1000).toFixed(1)).join(', ')} s): ${(median(times) / BOOKINGS).toFixed(1)} ms per booking |`,
    `| what the run did | ${last!.matured} made payable, ${last!.paidBookings} paid, ${last!.payouts} payout of ¥${last!.amount.toLocaleString('en')} |`,
    `| writing the ${BOOKINGS} approved tours with their earnings (bench set-up, last run) | ${(writeMs / 1000).toFixed(1)} s |`,
    '',
    'DynamoDB Local takes 10 items per transaction (4 earnings made payable, 8 paid per transaction); DynamoDB takes 100.',
  ].join('\n');
  return { report, ok: true };
});
