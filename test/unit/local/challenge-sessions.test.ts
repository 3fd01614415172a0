/**
 * The pieces of the local pools' TOTP and challenge checks short of a running emulator (the flows run over HTTP in
 * test/integration/api/accounts.int.test.ts): RFC 6238 codes as Cognito computes them, and challenge sessions that
 * expire after Cognito's 3 minutes.
 */
import { CHALLENGE_SESSION_MS, ChallengeSessions } from '../../../scripts/local/cognito-local-mfa';
import { isValidTotp, newTotpSecret, totpCode } from '../../../scripts/local/totp';

describe('TOTP (SHA-1, 6 digits, 30 s)', () => {
  it('matches the RFC 6238 test vector', () => {
    // RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below) at 59 s: 94287082 → last 6 digits.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(isValidTotp(secret, '287082', 59_000)).toBe(true);
  });

  it('takes the neighbouring step (clock drift) but nothing older, and refuses malformed codes', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = 1_800_000_000_000;
    expect(isValidTotp(secret, totpCode(secret, now - 30_000), now)).toBe(true);
    expect(isValidTotp(secret, totpCode(secret, now - 90_000), now)).toBe(false);
    for (const bad of ['', '12345', '1234567', 'abcdef', null, 123456]) {
      expect(isValidTotp(secret, bad, now)).toBe(false);
    }
  });
});

describe('challenge sessions', () => {
  it('are opaque, belong to one challenge, end once used and expire after 3 minutes', () => {
    let now = 0;
    const sessions = new ChallengeSessions(() => now);
    const id = sessions.start({ poolId: 'p', clientId: 'c', username: 'u', challenge: 'MFA_SETUP' });
    expect(id.length).toBeGreaterThan(40);
    expect(sessions.get(id)).toMatchObject({ username: 'u', challenge: 'MFA_SETUP', verified: false });
    expect(sessions.get('made-up')).toBeNull();
    now = CHALLENGE_SESSION_MS - 1;
    expect(sessions.get(id)).not.toBeNull();
    now = CHALLENGE_SESSION_MS;
    expect(sessions.get(id)).toBeNull();

    const other = sessions.start({
      poolId: 'p',
      clientId: 'c',
      username: 'u',
      challenge: 'SOFTWARE_TOKEN_MFA',
    });
    sessions.end(other);
    expect(sessions.get(other)).toBeNull();
  });
});
