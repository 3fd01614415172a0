import { availabilityQuery, listExperiencesQuery } from '@domain/schemas/catalogue';
import { idParamsSchema } from '@domain/schemas/common';
import { lookupEmailMatches, lookupRequestSchema } from '@domain/schemas/lookup';
import { fieldErrors } from '@domain/validation';

describe('booking lookup', () => {
  it('upper-cases and trims the reference and trims the e-mail', () => {
    expect(lookupRequestSchema.parse({ email: ' Guest@Example.com ', reference: ' ab12cd ' })).toEqual({
      email: 'Guest@Example.com',
      reference: 'AB12CD',
    });
  });

  it('requires both fields', () => {
    const r = lookupRequestSchema.safeParse({ email: '', reference: '  ' });
    expect(fieldErrors(r.error!)).toEqual({ email: 'Required field', reference: 'Required field' });
  });

  it('rejects a reference that is not 6 letters and digits', () => {
    expect(lookupRequestSchema.safeParse({ email: 'a@example.com', reference: 'AB12C' }).success).toBe(false);
    expect(lookupRequestSchema.safeParse({ email: 'a@example.com', reference: 'AB-12C' }).success).toBe(
      false,
    );
  });

  it('compares e-mails without regard to case', () => {
    expect(lookupEmailMatches('guest@example.com', 'GUEST@example.COM')).toBe(true);
    expect(lookupEmailMatches('guest@example.com', 'guest2@example.com')).toBe(false);
  });
});

describe('experience list query', () => {
  it('defaults to the newest 50 with no filter', () => {
    expect(listExperiencesQuery.parse({})).toEqual({ sort: 'newest', limit: 50 });
    expect(
      listExperiencesQuery.parse({ prefecture: '', categories: '', q: '  ', sort: '', limit: '' }),
    ).toEqual({
      sort: 'newest',
      limit: 50,
    });
  });

  it('splits categories on commas, trimming and dropping blanks and repeats', () => {
    expect(listExperiencesQuery.parse({ categories: 'a, b,,a ,c' }).categories).toEqual(['a', 'b', 'c']);
    expect(listExperiencesQuery.parse({ categories: ' , ' }).categories).toBeUndefined();
  });

  it('reads sort, q, prefecture and limit', () => {
    expect(
      listExperiencesQuery.parse({ sort: 'lowest_price', q: ' tea ', prefecture: 'Ehime', limit: '10' }),
    ).toEqual({ sort: 'lowest_price', q: 'tea', prefecture: 'Ehime', limit: 10 });
  });

  it.each([{ sort: 'oldest' }, { limit: '0' }, { limit: '101' }, { limit: '2.5' }, { limit: 'ten' }])(
    'rejects %j',
    (query) => {
      expect(listExperiencesQuery.safeParse(query).success).toBe(false);
    },
  );
});

describe('search text', () => {
  it('refuses a text over 200 characters with a plain message', () => {
    const r = listExperiencesQuery.safeParse({ q: 'a'.repeat(250) });
    expect(fieldErrors(r.error!)).toEqual({
      q: 'Your search is too long. Please use at most 200 characters.',
    });
    expect(listExperiencesQuery.parse({ q: ` ${'a'.repeat(200)} ` }).q).toHaveLength(200);
  });
});

describe('availability query', () => {
  it('accepts from ≤ to', () => {
    expect(availabilityQuery.parse({ from: '2026-12-01', to: '2026-12-31' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(availabilityQuery.safeParse({ from: '2026-12-01', to: '2026-12-01' }).success).toBe(true);
  });

  it('rejects reversed ranges and impossible dates with plain messages', () => {
    const reversed = availabilityQuery.safeParse({ from: '2026-12-02', to: '2026-12-01' });
    expect(fieldErrors(reversed.error!)).toEqual({
      to: 'The end date (to) must not be before the start date (from).',
    });
    const impossible = availabilityQuery.safeParse({ from: '2026-02-29', to: '2026-03-01' });
    expect(fieldErrors(impossible.error!)).toEqual({
      from: 'The start date (from) must be a real date written yyyy-MM-dd, e.g. 2026-05-01.',
    });
    const garbage = availabilityQuery.safeParse({ from: '2026-12-01', to: 'soon' });
    expect(fieldErrors(garbage.error!)).toEqual({
      to: 'The end date (to) must be a real date written yyyy-MM-dd, e.g. 2026-05-01.',
    });
  });

  it('leaves a missing or blank bound open, for the use case to fill with the bookable window', () => {
    expect(availabilityQuery.parse({})).toEqual({});
    expect(availabilityQuery.parse({ from: '2026-12-01' })).toEqual({ from: '2026-12-01' });
    expect(availabilityQuery.parse({ from: ' ', to: '2026-12-31' })).toEqual({ to: '2026-12-31' });
  });
});

describe('id path parameters', () => {
  it('need a non-blank id', () => {
    expect(idParamsSchema.parse({ id: 'abc' })).toEqual({ id: 'abc' });
    expect(idParamsSchema.safeParse({ id: ' ' }).success).toBe(false);
    expect(idParamsSchema.safeParse({}).success).toBe(false);
  });
});
