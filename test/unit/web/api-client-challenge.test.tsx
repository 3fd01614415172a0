/**
 * Issue 29: where AWS WAF challenges holds, lookups and code mails, the API client takes a token first (for exactly
 * the requests the web ACL challenges), and WAF's own challenge answer is an error, never a success.
 */
import { CHALLENGED_API_PATHS } from '@domain/bot-challenge';
import { ApiError, createApiClient } from '../../../web/src/lib/api-client';

function client(answer: () => Response = () => Response.json({ ok: true })) {
  const order: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    order.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://site.test').pathname}`);
    return answer();
  });
  const api = createApiClient('/api', fetchStub as unknown as typeof fetch, {
    beforeChallenged: async () => {
      order.push('token');
    },
  });
  return { api, order };
}

describe('the API client and the WAF challenge', () => {
  it('takes a token before each challenged POST, and before nothing else', async () => {
    const { api, order } = client();
    for (const path of CHALLENGED_API_PATHS) {
      await api(path.slice('/api'.length), { method: 'POST', body: {} });
    }
    await api('/bookings/cancel', { method: 'POST', body: {} });
    await api('/experiences');
    await api('/bookings/abc/payment-confirmed', { method: 'POST' });
    expect(order).toEqual([
      'token',
      'POST /api/bookings',
      'token',
      'POST /api/bookings/lookup',
      'token',
      'POST /api/bookings/cancel-code',
      // Issue 28: a receipt identifies the guest as a lookup does.
      'token',
      'POST /api/bookings/receipt',
      'POST /api/bookings/cancel',
      'GET /api/experiences',
      'POST /api/bookings/abc/payment-confirmed',
    ]);
  });

  it("reports WAF's challenge answer (202 with x-amzn-waf-action) as an error", async () => {
    const { api } = client(
      () =>
        new Response('<html>challenge</html>', {
          status: 202,
          headers: { 'x-amzn-waf-action': 'challenge' },
        }),
    );
    const failure = await api('/bookings', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('challenge_required');
  });

  it("still takes the API's own 202 (a code request) as a success", async () => {
    const { api } = client(() => Response.json({}, { status: 202 }));
    await expect(api('/bookings/cancel-code', { method: 'POST', body: {} })).resolves.toEqual({});
  });
});
