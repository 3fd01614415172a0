import {
  DEFAULT_DIAL_CODE,
  filterPhoneInput,
  formatPhoneForDisplay,
  formatPhoneInternational,
  isValidPhone,
  phoneHref,
  toE164,
} from '@domain/phone';

describe('filterPhoneInput (guest spec §5)', () => {
  it('keeps digits, spaces, +, ( ) and - only', () => {
    expect(filterPhoneInput('+81 (90) 1234-5678')).toBe('+81 (90) 1234-5678');
    expect(filterPhoneInput('+81 90.1234/5678 ext#9')).toBe('+81 9012345678 9');
    expect(filterPhoneInput('+1 abc 555')).toBe('+1  555');
  });

  it('prepends the selected dialling code (+81 by default) when the number has no leading +', () => {
    expect(DEFAULT_DIAL_CODE).toBe('+81');
    expect(filterPhoneInput('90-1234-5678')).toBe('+81 90-1234-5678');
    expect(filterPhoneInput('555 0100', '+1')).toBe('+1 555 0100');
    expect(filterPhoneInput('  9', '+44')).toBe('+44 9');
  });

  it('leaves an empty field empty', () => {
    expect(filterPhoneInput('')).toBe('');
    expect(filterPhoneInput('   ')).toBe('');
    expect(filterPhoneInput('abc')).toBe('');
  });

  it('never adds the code twice while typing', () => {
    let value = '';
    for (const key of '9012') value = filterPhoneInput(value + key);
    expect(value).toBe('+81 9012');
    expect(filterPhoneInput(filterPhoneInput('9012'))).toBe('+81 9012');
  });

  it('keeps a number that already carries another code', () => {
    expect(filterPhoneInput('+33 1 23 45 67 89', '+81')).toBe('+33 1 23 45 67 89');
  });
});

describe('phone numbers (libphonenumber-js)', () => {
  it('judges the number, not the dialling code the field added: "-", "0" or a short number is not a phone', () => {
    for (const typed of ['-', '0', '12', '(-)']) {
      expect(isValidPhone(filterPhoneInput(typed)), typed).toBe(false);
    }
    expect(isValidPhone('+81 90-1234-5678')).toBe(true);
    expect(isValidPhone('+44 20 7946 0958')).toBe(true);
    expect(isValidPhone('+1 212 555 0100')).toBe(true);
  });

  it('stores E.164: the trunk 0 a Japanese guest types after +81 is dropped, so the number dials from abroad', () => {
    expect(toE164('+81 090-1234-5678')).toBe('+819012345678');
    expect(toE164('+81 90 1234 5678')).toBe('+819012345678');
    expect(toE164(' +44 (0) 20 7946 0958 ')).toBe('+442079460958');
    // A number without a country code is read as Japanese (the form's default, +81).
    expect(toE164('090-1234-5678')).toBe('+819012345678');
    expect(toE164('+81 0')).toBeNull();
  });

  it('shows numbers in the international format', () => {
    expect(formatPhoneInternational('+819012345678')).toBe('+81 90 1234 5678');
    expect(formatPhoneInternational('+442079460958')).toBe('+44 20 7946 0958');
    // Something that is not a number is shown as it is rather than lost.
    expect(formatPhoneInternational('+81(90)1234-5678x')).toBe('+81 90 1234 5678');
    expect(formatPhoneInternational('call me')).toBe('call me');
  });

  it('shows the back office a number as its country writes it, and dials it by its tel: link (issue 32)', () => {
    expect(formatPhoneForDisplay('+819012345678')).toBe('090-1234-5678');
    expect(formatPhoneForDisplay('+81 89-000-0001')).toBe('089-000-0001');
    // Another country's number keeps its code (the host dials it from Japan), grouped as that country does.
    expect(formatPhoneForDisplay('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhoneForDisplay('+886223456789')).toBe('+886 2 2345 6789');
    expect(formatPhoneForDisplay('call me')).toBe('call me');
    expect(phoneHref('+81 90-1234-5678')).toBe('tel:+819012345678');
    expect(phoneHref('call 0120')).toBe('tel:0120');
  });
});
