import {
  MAIL_RETRY_MAX_DELAY_MS,
  MAX_MAIL_ATTEMPTS,
  afterFailedAttempt,
  retryDelayMs,
} from '../../../functions/domain/mail-delivery';

const NOW = new Date('2026-05-01T00:00:00.000Z');

describe('mail retry decisions', () => {
  it('backs off exponentially: 30 s, 1 min, 2 min, 4 min, capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(MAIL_RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(0)).toBe(30_000);
  });

  it('retries after each failed attempt before the last, at now + the delay', () => {
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      const decision = afterFailedAttempt(attempt, NOW, 'ServiceUnavailable');
      expect(decision).toEqual({
        outcome: 'retry',
        delayMs: retryDelayMs(attempt),
        nextAttemptAt: new Date(NOW.getTime() + retryDelayMs(attempt)),
      });
    }
  });

  it('gives up after the last attempt (5): the mail is failed', () => {
    expect(MAX_MAIL_ATTEMPTS).toBe(5);
    expect(afterFailedAttempt(5, NOW, 'ServiceUnavailable')).toEqual({
      outcome: 'failed',
      reason: 'attempts_exhausted',
    });
    expect(afterFailedAttempt(2, NOW, undefined, 2)).toEqual({
      outcome: 'failed',
      reason: 'attempts_exhausted',
    });
  });

  it('fails at once on an error another attempt cannot fix (SES refused the message)', () => {
    expect(afterFailedAttempt(1, NOW, 'MessageRejected')).toEqual({
      outcome: 'failed',
      reason: 'permanent_error',
    });
    expect(afterFailedAttempt(1, NOW, 'TooManyRequestsException').outcome).toBe('retry');
  });
});
