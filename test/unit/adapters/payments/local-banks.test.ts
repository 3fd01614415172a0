import { describe, expect, it } from 'vitest';
import { bankName, branchName } from '../../../../functions/adapters/payments/local-banks';

describe('bank and branch names from zengin-code', () => {
  it('names a bank and its branch from their codes', () => {
    expect(bankName('0001')).toBe('みずほ');
    expect(branchName('0001', '001')).toBe('東京営業部');
  });

  it('names nothing for unknown codes, names on every object included', () => {
    expect(bankName('9999')).toBeNull();
    for (const code of ['constructor', '__proto__', 'toString']) {
      expect(bankName(code)).toBeNull();
      expect(branchName(code, '001')).toBeNull();
      expect(branchName('0001', code)).toBeNull();
    }
  });
});
