/**
 * DynamoDB Local runs transactions one at a time and never answers TransactionConflict, which DynamoDB does when
 * concurrent transactions meet on an item. These tests put conflicts in front of the real table (the other
 * commands go through) to prove the booking write retries them and, when they persist, tells a full slot apart
 * from an unlucky write.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoBookingRepository } from '../../../functions/adapters/dynamodb/booking-repository';
import {
  DEFAULT_TRANSACTION_ATTEMPTS,
  TransactionContendedError,
  cancellationCodes,
} from '../../../functions/adapters/dynamodb/transactions';
import { DomainError, SLOT_UNAVAILABLE_MESSAGE } from '../../../functions/domain/errors';
import { id, itNeverScanned, makeBooking, setUpRepositories, type RepositoryContext } from './support';

let ctx: RepositoryContext;
beforeAll(async () => {
  ctx = await setUpRepositories();
});
afterAll(async () => {
  await ctx.drop();
});

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
/** The 3 items of the booking transaction: slot, booking, reference (a concurrent booking of the slot). */
const conflictOnSlot = () => cancelled('TransactionConflict', 'None', 'None');

/** A booking repository whose transactions first meet the planned errors, then reach the real table. */
function withConflicts(plan: (attempt: number) => Error | undefined) {
  let attempts = 0;
  const doc = {
    send: (command: unknown) => {
      if (command instanceof TransactWriteCommand) {
        const planned = plan(attempts++);
        if (planned) return Promise.reject(planned);
      }
      return ctx.doc.send(command as TransactWriteCommand);
    },
  } as unknown as DynamoDBDocumentClient;
  return { bookings: new DynamoBookingRepository(doc, ctx.tableName), attempts: () => attempts };
}

describe('transaction conflicts in the booking write', () => {
  it('retries conflicts and then writes the booking once', async () => {
    const { bookings, attempts } = withConflicts((n) =>
      n === 0
        ? conflictOnSlot()
        : n === 1
          ? Object.assign(new Error('busy'), { name: 'TransactionInProgressException' })
          : undefined,
    );
    const booking = makeBooking({ experienceId: id('exp') });
    await bookings.createWithSlotHold(booking, 1);
    expect(attempts()).toBe(3);
    expect(await ctx.repos.bookings.get(booking.id)).toEqual(booking);
    expect(
      (await ctx.repos.slots.listStates(booking.experienceId, booking.date, booking.date))[0]?.booked,
    ).toBe(1);
  });

  it('also retries a TransactionConflictException thrown as such', async () => {
    const { bookings, attempts } = withConflicts((n) =>
      n < 2 ? Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }) : undefined,
    );
    await bookings.createWithSlotHold(makeBooking({ experienceId: id('exp') }), 1);
    expect(attempts()).toBe(3);
  });

  it('a conflict on a slot that is full by now answers slot_unavailable at once, without retrying (issue 33)', async () => {
    const booking = makeBooking({ experienceId: id('exp') });
    await ctx.repos.bookings.createWithSlotHold(booking, 1);
    const { bookings, attempts } = withConflicts(() => conflictOnSlot());
    const error = await bookings
      .createWithSlotHold(makeBooking({ experienceId: booking.experienceId }), 1)
      .catch((e: unknown) => e);
    // One attempt and one look at the slot, not DEFAULT_TRANSACTION_ATTEMPTS attempts into a 503.
    expect(attempts()).toBe(1);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'slot_unavailable', message: SLOT_UNAVAILABLE_MESSAGE });
  });

  it('when conflicts outlast the retries on a free slot, it says so instead, and nothing is written', async () => {
    const { bookings, attempts } = withConflicts(() => conflictOnSlot());
    const booking = makeBooking({ experienceId: id('exp') });
    const error = await bookings.createWithSlotHold(booking, 1).catch((e: unknown) => e);
    expect(attempts()).toBe(DEFAULT_TRANSACTION_ATTEMPTS);
    expect(error).toBeInstanceOf(TransactionContendedError);
    expect(await ctx.repos.bookings.get(booking.id)).toBeNull();
    expect(await ctx.repos.slots.listStates(booking.experienceId, booking.date, booking.date)).toEqual([]);
  });

  it('does not retry when a condition failed beside a conflict: the reference is a duplicate', async () => {
    const { bookings, attempts } = withConflicts((n) =>
      n === 0
        ? cancelled('TransactionConflict', 'None', 'ConditionalCheckFailed', 'None', 'None', 'None', 'None')
        : undefined,
    );
    const error = await bookings
      .createWithSlotHold(makeBooking({ experienceId: id('exp') }), 1)
      .catch((e: unknown) => e);
    expect(attempts()).toBe(1);
    expect(error).toMatchObject({ code: 'duplicate' });
  });
});

describe('cancellationCodes', () => {
  it('reads the reasons, or the list at the end of the message when a server sends only that', () => {
    expect(cancellationCodes(cancelled('None', 'ConditionalCheckFailed'))).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
    const messageOnly = new TransactionCanceledException({
      message:
        'Transaction cancelled, please refer cancellation reasons for specific reasons [None, TransactionConflict]',
      $metadata: {},
    });
    expect(cancellationCodes(messageOnly)).toEqual(['None', 'TransactionConflict']);
    expect(cancellationCodes(new Error('other'))).toBeNull();
  });
});

itNeverScanned(() => ctx);
