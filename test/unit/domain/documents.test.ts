import fc from 'fast-check';
import { taxByRate, taxIncluded } from '../../../functions/domain/consumption-tax';
import {
  corporateNumberCheckDigit,
  invoiceRegistrationMessages,
  invoiceRegistrationProblem,
  isCorporateNumber,
  normaliseInvoiceRegistrationNumber,
} from '../../../functions/domain/invoice-registration';
import {
  receiptAmount,
  receiptDocument,
  receiptDocumentNumber,
  type ReceiptInput,
} from '../../../functions/domain/receipt-document';
import {
  parseStatementMonth,
  statementDocument,
  statementMonthMessages,
  type StatementInput,
} from '../../../functions/domain/statement-document';
import { receiptRequestSchema } from '../../../functions/domain/schemas/documents';

const issuer = {
  name: 'Ehime Experiences',
  address: '愛媛県松山市一番町1-1',
  invoiceRegistrationNumber: 'T7123456789012',
};

describe('consumption tax (issue 28)', () => {
  it('is the tax contained in a tax-inclusive total, rounded down', () => {
    expect(taxIncluded(24_000)).toBe(2_181); // 2181.8…
    expect(taxIncluded(110)).toBe(10);
    expect(taxIncluded(109)).toBe(9);
    expect(taxIncluded(1)).toBe(0);
    expect(taxIncluded(0)).toBe(0);
    expect(taxIncluded(108, 8)).toBe(8);
  });

  it('is computed once per document and rate, not per line', () => {
    const lines = Array.from({ length: 11 }, () => ({ amount: 105, ratePercent: 10 }));
    // Per line ⌊105 × 10 / 110⌋ = 9, eleven times 99; the document's total 1,155 contains 105.
    expect(taxByRate(lines)).toEqual([{ ratePercent: 10, total: 1_155, tax: 105 }]);
  });

  it('deducts returns from their rate before the one rounding, and keeps rates apart', () => {
    expect(
      taxByRate([
        { amount: 3_600, ratePercent: 10 },
        { amount: -1_200, ratePercent: 10 },
        { amount: 1_080, ratePercent: 8 },
      ]),
    ).toEqual([
      { ratePercent: 10, total: 2_400, tax: 218 },
      { ratePercent: 8, total: 1_080, tax: 80 },
    ]);
  });

  it('refuses what is not whole yen, and a negative total', () => {
    expect(() => taxIncluded(10.5)).toThrow(RangeError);
    expect(() => taxIncluded(-1)).toThrow(RangeError);
    expect(() => taxByRate([{ amount: -5, ratePercent: 10 }])).toThrow(RangeError);
  });

  it('never states more tax than the total carries, and whole yen only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (total) => {
        const tax = taxIncluded(total);
        expect(Number.isInteger(tax)).toBe(true);
        // tax ≤ total × 10/110 < tax + 1, in integers.
        expect(tax * 110).toBeLessThanOrEqual(total * 10);
        expect((tax + 1) * 110).toBeGreaterThan(total * 10);
      }),
    );
  });
});

describe('invoice registration numbers and the corporate number check digit', () => {
  it('computes the check digit as the ordinance says (9 − Σ Pn × Qn mod 9)', () => {
    // The National Tax Agency's own corporate number, and the NTA's worked example.
    expect(corporateNumberCheckDigit('000012050002')).toBe(7);
    expect(isCorporateNumber('7000012050002')).toBe(true);
    expect(corporateNumberCheckDigit('123456789012')).toBe(7);
    // A base whose sum is a multiple of 9 gets 9, never 0.
    expect(corporateNumberCheckDigit('000000000000')).toBe(9);
    expect(isCorporateNumber('8000012050002')).toBe(false);
  });

  it('detects every single wrong digit but 0 ↔ 9 (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const number = `${corporateNumberCheckDigit(base)}${base}`;
          const digits = [...number];
          const old = Number(digits[position + 1]);
          const next = (old + delta) % 10;
          fc.pre(!((old === 0 && next === 9) || (old === 9 && next === 0)));
          digits[position + 1] = String(next);
          expect(isCorporateNumber(digits.join(''))).toBe(false);
        },
      ),
    );
  });

  it('checks the form for every number and the check digit only for a corporation’s', () => {
    expect(invoiceRegistrationProblem('T7000012050002', 'corporation')).toBeNull();
    expect(invoiceRegistrationProblem('T8000012050002', 'corporation')).toBe(
      invoiceRegistrationMessages.checkDigit,
    );
    expect(invoiceRegistrationProblem('T8000012050002', 'individual')).toBeNull();
    for (const bad of [
      '7000012050002',
      'T700001205000',
      'T70000120500021',
      'T0000012050002',
      'X7000012050002',
      'T70000120500O2',
    ]) {
      expect(invoiceRegistrationProblem(bad, 'individual'), bad).toBe(invoiceRegistrationMessages.format);
    }
  });

  it('reads what people type: full-width digits, a lower-case t, spaces and hyphens', () => {
    expect(normaliseInvoiceRegistrationNumber('ｔ７０００－０１２０－５０００２')).toBe('T7000012050002');
    expect(normaliseInvoiceRegistrationNumber(' T 7000-0120-50002 ')).toBe('T7000012050002');
  });
});

const receiptInput = (over: Partial<ReceiptInput> = {}): ReceiptInput => ({
  locale: 'ja',
  documentNumber: receiptDocumentNumber('ABC123', 1),
  issueNumber: 1,
  replaces: null,
  issuedAt: new Date('2026-11-30T16:30:00Z'), // 1 December in Tokyo
  issuer,
  addressee: '株式会社みかん',
  purpose: '道後温泉ガイドツアー',
  booking: {
    reference: 'ABC123',
    experienceTitle: '道後温泉ガイドツアー',
    date: '2026-11-20',
    time: '10:00',
    guests: 2,
  },
  charged: 24_000,
  refunded: 0,
  ...over,
});

const textOf = (value: unknown): string => JSON.stringify(value);

describe('the receipt model (numbers in = numbers printed)', () => {
  it('prints the amount paid, its tax computed once, the issuer and the addressee', () => {
    const doc = receiptDocument(receiptInput());
    expect(doc.documentNumber).toBe('R-ABC123-01');
    expect(doc.title).toEqual({ ja: '領収書', local: null });
    expect(doc.reissue).toBeNull();
    expect(doc.amount).toMatchObject({ paid: 24_000, value: '¥24,000-' });
    expect(doc.tax).toMatchObject({ ratePercent: 10, taxableTotal: 24_000, tax: 2_181 });
    expect(doc.tax.rows.map((r) => r.value)).toEqual(['¥24,000', '¥2,181']);
    expect(doc.issueDate.value).toBe('2026年12月1日');
    expect(doc.addressee.value).toBe('株式会社みかん 様');
    expect(doc.purpose.ja).toBe('但し 道後温泉ガイドツアーとして');
    expect(doc.paymentMethod.value).toBe('クレジットカード決済');
    expect(doc.issuer.registration.value).toBe('T7123456789012');
    expect(doc.details.rows.find((r) => r.label.ja === '返金額')).toBeUndefined();
  });

  it('prints the amount net of refunds, and a later issue is a reissue naming the one it replaces', () => {
    const doc = receiptDocument(
      receiptInput({
        refunded: 5_000,
        issueNumber: 2,
        documentNumber: 'R-ABC123-02',
        replaces: 'R-ABC123-01',
      }),
    );
    expect(doc.amount.paid).toBe(19_000);
    expect(doc.tax.tax).toBe(1_727);
    expect(doc.reissue?.ja).toBe('再発行');
    const rows = Object.fromEntries(doc.details.rows.map((r) => [r.label.ja, r.value]));
    expect(rows).toMatchObject({ ご利用金額: '¥24,000', 返金額: '-¥5,000', 領収金額: '¥19,000' });
    expect(rows['再発行']).toContain('R-ABC123-01');
  });

  it('speaks the booking’s language with the Japanese terms beside it', () => {
    const ko = receiptDocument(receiptInput({ locale: 'ko', addressee: '김민수' }));
    expect(ko.title).toEqual({ ja: '領収書', local: '영수증' });
    expect(ko.purpose.ja).toContain('但し');
    expect(ko.tax.rows[1]!.label).toEqual({ ja: 'うち消費税（10%）', local: '그중 소비세 (10%)' });
    expect(ko.paymentMethod.value).toBe('クレジットカード決済 (신용카드)');
    expect(ko.addressee.value).toBe('김민수 様');
    for (const locale of ['en', 'zh-Hant'] as const) {
      const doc = receiptDocument(receiptInput({ locale }));
      expect(doc.title.local).toBeTruthy();
      expect(textOf(doc)).toContain('領収書');
      expect(textOf(doc)).toContain('消費税');
    }
  });

  it('refuses a refund larger than the charge, and a charge of 0 states 0 tax', () => {
    expect(() => receiptAmount(1_000, 1_001)).toThrow(RangeError);
    expect(receiptDocument(receiptInput({ charged: 5_000, refunded: 5_000 })).tax.tax).toBe(0);
  });
});

const statementInput = (over: Partial<StatementInput> = {}): StatementInput => ({
  month: '2026-10',
  issuedAt: new Date('2026-11-05T00:00:00Z'),
  documentNumber: 'ST-202610-HOST0001',
  issuer,
  host: { id: 'host-1', businessName: '松山サイクリング', invoiceRegistrationNumber: 'T7000012050002' },
  bookings: [
    {
      bookingId: 'b1',
      reference: 'AAA111',
      experienceTitle: 'しまなみ',
      tourDate: '2026-10-03',
      gross: 24_000,
      platformFee: 3_600,
      refunded: 0,
      net: 20_400,
      status: 'paid',
      payoutId: 'p1',
    },
    // Refunded 10,000 of 12,000 with a 15 % fee of 1,800: ⌊10,000 × 1,800 / 12,000⌋ = 1,500 of the fee went back.
    {
      bookingId: 'b2',
      reference: 'BBB222',
      experienceTitle: '道後',
      tourDate: '2026-10-01',
      gross: 12_000,
      platformFee: 300,
      refunded: 10_000,
      net: 1_700,
      status: 'payable',
      payoutId: null,
    },
  ],
  payouts: [
    {
      id: 'p1',
      createdAt: '2026-10-06T21:00:00Z',
      arrivalDate: '2026-10-09',
      amount: 20_400,
      status: 'paid',
    },
    { id: 'p0', createdAt: '2026-10-01T21:00:00Z', arrivalDate: null, amount: 5_000, status: 'failed' },
  ],
  ...over,
});

describe('the statement model', () => {
  it('lists the bookings by tour date with totals that are the sums of the rows', () => {
    const doc = statementDocument(statementInput());
    expect(doc.title).toBe('支払通知書');
    expect(doc.period).toBe('2026年10月分（ツアー実施日 2026年10月1日〜31日）');
    expect(doc.bookings.rows.map((r) => r[0])).toEqual(['BBB222', 'AAA111']);
    expect(doc.bookings.totals).toEqual({ gross: 36_000, platformFee: 3_900, refunded: 10_000, net: 22_100 });
    expect(doc.bookings.totalsRow.slice(3, 7)).toEqual(['¥36,000', '¥3,900', '¥10,000', '¥22,100']);
    expect(doc.inProgress).toBe(false);
    expect(doc.recipient).toEqual({ name: '松山サイクリング 様', registration: 'T7000012050002' });
  });

  it('states the platform fee as a qualified invoice: the kept fee total and its tax, rounded once', () => {
    const doc = statementDocument(statementInput());
    expect(doc.invoice).toMatchObject({ ratePercent: 10, feeTotal: 3_900, tax: 354 });
    expect(doc.invoice.rows.map((r) => r.value)).toContain('¥354');
  });

  it('lists the month’s payouts and counts only those that did not fail', () => {
    const doc = statementDocument(statementInput());
    expect(doc.payouts.rows).toEqual([
      ['2026年10月2日', '—', '¥5,000', '振込失敗'],
      ['2026年10月7日', '2026年10月9日', '¥20,400', '振込完了'],
    ]);
    expect(doc.payouts.total).toBe(20_400);
  });

  it('a month with payouts only states a fee of 0 and a tax of 0', () => {
    const doc = statementDocument(statementInput({ bookings: [] }));
    expect(doc.invoice).toMatchObject({ feeTotal: 0, tax: 0 });
  });

  it('takes a past or the current Tokyo month, and refuses a malformed or future one in Japanese', () => {
    const now = new Date('2026-10-31T15:30:00Z'); // 1 November in Tokyo
    expect(parseStatementMonth('2026-11', now)).toEqual({
      month: '2026-11',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseStatementMonth('2024-02', now).to).toBe('2024-02-29');
    for (const bad of ['2026-13', '2026-1', '202611', '2026-00', 'abcd-ef', '1999-12']) {
      expect(() => parseStatementMonth(bad, now), bad).toThrow(statementMonthMessages.malformed);
    }
    expect(() => parseStatementMonth('2026-12', now)).toThrow(statementMonthMessages.future);
  });
});

describe('the receipt request', () => {
  const base = { email: 'guest@example.com', reference: 'abc123' };
  it('takes an addressee and a purpose of up to 60 characters, blank as none', () => {
    expect(receiptRequestSchema.parse({ ...base, addressee: ' 株式会社みかん ', purpose: '' })).toEqual({
      email: 'guest@example.com',
      reference: 'ABC123',
      addressee: '株式会社みかん',
      purpose: null,
    });
    expect(receiptRequestSchema.safeParse({ ...base, addressee: 'あ'.repeat(60) }).success).toBe(true);
  });

  it('refuses 61 characters, 500 characters and control characters', () => {
    for (const addressee of [
      'あ'.repeat(61),
      'x'.repeat(500),
      'Acme\nInc',
      'Acme\u0000',
      'evil\u202Etxt.exe',
    ]) {
      const parsed = receiptRequestSchema.safeParse({ ...base, addressee });
      expect(parsed.success, JSON.stringify(addressee)).toBe(false);
    }
    expect(receiptRequestSchema.safeParse({ ...base, purpose: 42 }).success).toBe(false);
  });
});
