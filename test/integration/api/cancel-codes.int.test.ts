/**
 * A guest's cancellation needs a mailed code (issue 29, DESIGN §6 wave 4), over real HTTP through the local stack:
 * `POST /api/bookings/cancel-code` answers `202 {}` whatever the pair and mails a code only for a cancellable
 * booking (saying who asked, in the guest's language); `POST /api/bookings/cancel` answers 404, 409, 403
 * `invalid_code` in that order; a code is used once, lapses after 15 minutes and ends after 5 wrong tries, also
 * when the tries arrive at the same moment. Each test uses an address of its own (127.0.3.x), so limits never mix.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CANCEL_CODE_MAX_WRONG } from '../../../functions/domain/cancel-code';
import type { Booking } from '../../../functions/domain/entities';
import { CANCEL_CODE_LIMITS } from '../../../functions/use-cases/guest-cancellation';
import {
  addExperience,
  bookingBody,
  call,
  callFrom,
  completePayment,
  freeSlots,
  mailedCancelCode,
  mailsAbout,
  startApiWorld,
  type ApiWorld,
  type CreatedBooking,
  type ErrorBody,
  type Slot,
} from './support';

let world: ApiWorld;
let experienceId: string;
let slots: Slot[];

beforeAll(async () => {
  world = await startApiWorld('cancel-codes-');
  experienceId = (await addExperience(world)).id;
  slots = await freeSlots(world, experienceId);
});
afterAll(async () => {
  await world?.stop();
});
afterEach(() => {
  world.stack.clock.reset();
});

interface Made {
  id: string;
  email: string;
  reference: string;
}

/** A paid request (`pending`) of the test experience, booked in `guestLocale`. */
async function request(from: string, guestLocale = 'en'): Promise<Made> {
  const body = bookingBody(experienceId, slots.shift()!, { guestLocale });
  const res = await callFrom<CreatedBooking>(from, world, 'POST', '/api/bookings', body);
  if (res.status !== 201) throw new Error(`create booking: ${res.status} ${res.text}`);
  const created = res.body;
  await completePayment(world, created);
  return { id: created.bookingId, email: body.guest.email, reference: created.reference };
}

type CancelAnswer = { status: string; refundAmount: number; chargedAmount: number } & ErrorBody;
const askCode = (from: string, pair: { email: string; reference: string }) =>
  callFrom<Record<string, never>>(from, world, 'POST', '/api/bookings/cancel-code', pair);
const cancel = (from: string, pair: { email: string; reference: string }, code?: string) =>
  callFrom<CancelAnswer>(from, world, 'POST', '/api/bookings/cancel', {
    email: pair.email,
    reference: pair.reference,
    ...(code === undefined ? {} : { code }),
  });
const stored = async (id: string): Promise<Booking> => (await world.repo.bookings.get(id))!;
const codeItem = async (bookingId: string) =>
  (
    await world.doc.send(
      new GetCommand({
        TableName: world.stack.config.tableName,
        Key: { PK: `CANCEL_CODE#${bookingId}`, SK: 'CANCEL_CODE' },
      }),
    )
  ).Item;
const codeMails = async (reference: string) =>
  (await mailsAbout(world, reference)).filter((m) => /code|コード/i.test(m.subject));

describe('POST /api/bookings/cancel-code', () => {
  it('answers 202 {} whatever the pair, and mails a code only for a cancellable booking', async () => {
    const from = '127.0.3.1';
    const made = await request(from);
    for (const pair of [
      { email: 'stranger@example.com', reference: made.reference },
      { email: made.email, reference: 'ZZZ999' },
      { email: made.email.toUpperCase(), reference: made.reference.toLowerCase() },
    ]) {
      const res = await askCode(from, pair);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({});
    }
    const mails = await codeMails(made.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual([made.email]);
    expect(mails[0]!.subject).toBe(`Your cancellation code for Booking ID ${made.reference}`);
    const text = mails[0]!.body.text!;
    expect(text).toMatch(/Cancellation code: \d{6}/);
    // Who asked: the client's address (the limits' key) and its browser; and that nothing happens without the code.
    expect(text).toContain('from the address 127.0.3.1');
    expect(text).toContain('Nothing happens without this code');
    // The code is nowhere in the table but in its mail: the code item holds a hash.
    const code = await mailedCancelCode(world, made.reference);
    const item = await codeItem(made.id);
    expect(item?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(item)).not.toContain(code);

    // A booking that cannot be cancelled any more gets no code, and the answer is the same.
    expect((await cancel(from, made, code)).status).toBe(200);
    const after = await askCode(from, made);
    expect([after.status, after.body]).toEqual([202, {}]);
    expect(await codeMails(made.reference)).toHaveLength(1);
  });

  it("mails the code in the booking's language (Japanese)", async () => {
    const made = await request('127.0.3.2', 'ja');
    expect((await askCode('127.0.3.2', made)).status).toBe(202);
    const [mail] = await codeMails(made.reference);
    expect(mail!.subject).toBe(`【キャンセル確認コード】予約番号 ${made.reference}`);
    expect(mail!.body.text).toMatch(/キャンセル確認コード：\d{6}/);
    expect(mail!.body.text).toContain('接続元：127.0.3.2');
    expect(mail!.body.text).toContain('このコードが入力されない限り、ご予約はキャンセルされません');
  });

  it(`is limited per client (${CANCEL_CODE_LIMITS.perClient.limit} a quarter hour) with 429 and Retry-After`, async () => {
    const from = '127.0.3.3';
    const windowMs = CANCEL_CODE_LIMITS.perClient.windowSeconds * 1000;
    world.stack.clock.advanceBy(windowMs - (world.stack.clock.now().getTime() % windowMs));
    const pair = { email: 'nobody@example.com', reference: 'AAAAAA' };
    for (let i = 0; i < CANCEL_CODE_LIMITS.perClient.limit; i++) {
      expect((await askCode(from, pair)).status).toBe(202);
    }
    const refused = await askCode(from, pair);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await askCode('127.0.3.4', pair)).status).toBe(202);
  });
});

describe('POST /api/bookings/cancel with the code', () => {
  it('answers 404 (as the lookup), then 409, then 403 invalid_code; the mailed code cancels', async () => {
    const from = '127.0.3.5';
    const made = await request(from);
    const lookupMiss = await call<ErrorBody>(world, 'POST', '/api/bookings/lookup', {
      email: 'someone@example.com',
      reference: made.reference,
    });
    const miss = await cancel(from, { email: 'someone@example.com', reference: made.reference }, '123456');
    expect(miss.status).toBe(404);
    expect(miss.body.error).toEqual(lookupMiss.body.error);

    for (const code of [undefined, '', '12345', 'abcdef', '000000']) {
      const refused = await cancel(from, made, code);
      expect(refused.status, String(code)).toBe(403);
      expect(refused.body.error.code).toBe('invalid_code');
      expect(refused.body.error.message).toMatch(/\S/);
    }
    expect((await stored(made.id)).status).toBe('pending');

    expect((await askCode(from, made)).status).toBe(202);
    const code = await mailedCancelCode(world, made.reference);
    const done = await cancel(from, made, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', refundAmount: 0, chargedAmount: 0 });
    // Final now: 409 before the code is even looked at, whatever code is sent.
    expect((await cancel(from, made, code)).status).toBe(409);
    expect((await cancel(from, made)).status).toBe(409);
  });

  it('refuses a lapsed code (15 minutes) and a replaced one', async () => {
    const from = '127.0.3.6';
    const made = await request(from);
    await askCode(from, made);
    const first = await mailedCancelCode(world, made.reference);
    world.stack.clock.advanceBy(15 * 60_000 + 1000);
    expect((await cancel(from, made, first)).status).toBe(403);

    await askCode(from, made);
    const second = await mailedCancelCode(world, made.reference);
    await askCode(from, made);
    const third = await mailedCancelCode(world, made.reference);
    if (second !== third) expect((await cancel(from, made, second)).status).toBe(403);
    expect((await cancel(from, made, third)).status).toBe(200);
  });

  it(`ends a code after ${CANCEL_CODE_MAX_WRONG} wrong codes, even when they all arrive at once`, async () => {
    const from = '127.0.3.7';
    const made = await request(from);
    await askCode(from, made);
    const code = await mailedCancelCode(world, made.reference);
    const wrong = code === '999999' ? '888888' : '999999';
    // Nine at once: more than a code takes, fewer than the lookup's 10 attempts per reference and client that a
    // burst counts before any is given back.
    const answers = await Promise.all(Array.from({ length: 9 }, () => cancel(from, made, wrong)));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(403));
    expect((await codeItem(made.id))?.wrongTries).toBe(CANCEL_CODE_MAX_WRONG);
    // The right code no longer works; a new one does.
    expect((await cancel(from, made, code)).status).toBe(403);
    expect((await stored(made.id)).status).toBe('pending');
    await askCode(from, made);
    expect((await cancel(from, made, await mailedCancelCode(world, made.reference))).status).toBe(200);
  });

  it('uses a code once even when it arrives twice at the same moment: one cancellation', async () => {
    const from = '127.0.3.8';
    const made = await request(from);
    await askCode(from, made);
    const code = await mailedCancelCode(world, made.reference);
    const answers = await Promise.all([cancel(from, made, code), cancel(from, made, code)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect((await stored(made.id)).status).toBe('cancelled');
  });
});
