import { DomainError } from '@domain/errors';
import { createBookingRequestSchema } from '@domain/schemas/booking';
import { fieldErrors, parseOrThrow, ROOT_FIELD } from '@domain/validation';
import * as z from 'zod';

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(z.object({ n: z.coerce.number() }), { n: '4' })).toEqual({ n: 4 });
  });

  it('throws validation_failed with one message per field path', () => {
    let error: unknown;
    try {
      parseOrThrow(createBookingRequestSchema, {
        experienceId: 'e',
        date: '2026-12-01',
        // Starts are quarter hours (DESIGN §4j): 10:20 is none.
        time: '10:20',
        guests: 1,
        language: 'en',
        guest: { firstName: '', lastName: 'L', email: 'x', phone: '+81 90 1234 5678', nationality: 'Japan' },
        amount: 100,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    const e = error as DomainError;
    expect(e.code).toBe('validation_failed');
    expect(Object.keys(e.fields ?? {}).sort()).toEqual([
      ROOT_FIELD,
      'guest.email',
      'guest.firstName',
      'time',
    ]);
  });

  it('reports whole-input problems under the root key', () => {
    const r = z.string().safeParse(3);
    expect(Object.keys(fieldErrors(r.error!))).toEqual([ROOT_FIELD]);
  });
});
