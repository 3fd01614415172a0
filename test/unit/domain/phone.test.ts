import { DEFAULT_DIAL_CODE, filterPhoneInput, isPlausiblePhone, normalisePhone } from '@domain/phone';

describe('phone input filter', () => {
  it('keeps digits, spaces, +, parentheses and hyphens only', () => {
    expect(filterPhoneInput('+81 (90) 1234-5678')).toBe('+81 (90) 1234-5678');
    expect(filterPhoneInput('+81 90.1234/5678 ext#9')).toBe('+81 9012345678 9');
    expect(filterPhoneInput('+1 abc 555')).toBe('+1  555');
  });

  it('prepends the selected dialling code (default +81) when there is no leading plus', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+81');
    expect(filterPhoneInput('90-1234-5678')).toBe('+81 90-1234-5678');
    expect(filterPhoneInput('555 0100', '+1')).toBe('+1 555 0100');
    expect(filterPhoneInput('  9', '+44')).toBe('+44 9');
  });

  it('does not prepend to an empty field or to letters only', () => {
    expect(filterPhoneInput('')).toBe('');
    expect(filterPhoneInput('   ')).toBe('');
    expect(filterPhoneInput('abc')).toBe('');
  });

  it('never prepends twice while the guest keeps typing', () => {
    let value = '';
    for (const key of '9012') value = filterPhoneInput(value + key);
    expect(value).toBe('+81 9012');
    expect(filterPhoneInput(filterPhoneInput('9012'))).toBe('+81 9012');
  });

  it('leaves a number that already carries a code alone, even when another code is selected', () => {
    expect(filterPhoneInput('+33 1 23 45 67 89', '+81')).toBe('+33 1 23 45 67 89');
  });
});

describe('phone storage and validity', () => {
  it('stores the number without spaces', () => {
    expect(normalisePhone('+81 90 1234 5678')).toBe('+819012345678');
    expect(normalisePhone(' +81 (90) 1234-5678 ')).toBe('+81(90)1234-5678');
  });

  it('needs at least 5 characters after trimming and a digit', () => {
    expect(isPlausiblePhone('12345')).toBe(true);
    expect(isPlausiblePhone('  1234  ')).toBe(false);
    expect(isPlausiblePhone('(-+-)')).toBe(false);
    expect(isPlausiblePhone('+81 9')).toBe(true);
  });
});
