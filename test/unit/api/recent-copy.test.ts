/** The catalogue's recent copy stands in for a failed read only when the database is down and the copy is young. */
import {
  catalogueAnswer,
  RECENT_COPY_HEADER,
  RECENT_COPY_MAX_AGE_MS,
} from '../../../functions/api/http/cache';
import { DomainError } from '../../../functions/domain/errors';

const timeout = () => Object.assign(new Error('socket timed out'), { name: 'TimeoutError' });

describe('catalogueAnswer', () => {
  let t = 1_000_000;
  const now = () => t;
  const event = (query: string) => ({ rawPath: '/api/experiences', rawQueryString: query });

  it('answers the last good body of the same URL while the database is down, for 10 minutes', async () => {
    const fresh = await catalogueAnswer(event('sort=newest'), async () => ({ items: [1, 2] }), now);
    expect(fresh.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-if-error=600');

    t += 90_000;
    const copy = await catalogueAnswer(event('sort=newest'), () => Promise.reject(timeout()), now);
    expect(JSON.parse(copy.body!)).toEqual({ items: [1, 2] });
    expect(copy.headers?.[RECENT_COPY_HEADER]).toBe('90');
    expect(copy.headers?.['cache-control']).toBe('no-store');

    t += RECENT_COPY_MAX_AGE_MS;
    await expect(catalogueAnswer(event('sort=newest'), () => Promise.reject(timeout()), now)).rejects.toThrow(
      'socket timed out',
    );
  });

  it('never covers another URL, nor a refusal that is not the database being down', async () => {
    await catalogueAnswer(event('q=tea'), async () => ({ items: [] }), now);
    await expect(catalogueAnswer(event('q=onsen'), () => Promise.reject(timeout()), now)).rejects.toThrow();
    await expect(
      catalogueAnswer(event('q=tea'), () => Promise.reject(new DomainError('not_found', 'gone')), now),
    ).rejects.toThrow('gone');
  });
});
