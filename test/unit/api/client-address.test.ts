import middy from '@middy/core';
import type {
  HttpApiEvent,
  HttpApiStructuredResult,
  LambdaContext,
} from '../../../functions/api/http/api-gateway';
import {
  addressKey,
  clientAddress,
  clientNetwork,
  networkKey,
  originGuard,
  parseViewerAddress,
} from '../../../functions/api/http/client-address';
import { httpErrors } from '../../../functions/api/http/error-handler';

const event = (headers: Record<string, string>, sourceIp = '130.176.1.1'): HttpApiEvent =>
  ({
    version: '2.0',
    routeKey: 'POST /api/bookings',
    rawPath: '/api/bookings',
    rawQueryString: '',
    headers,
    requestContext: {
      http: { method: 'POST', path: '/api/bookings', protocol: 'HTTP/1.1', sourceIp, userAgent: '' },
    },
    isBase64Encoded: false,
  }) as unknown as HttpApiEvent;

/** A handler behind the guard that answers the client key it was given. */
const guarded = (secret: string | null) =>
  middy<HttpApiEvent, HttpApiStructuredResult, Error, LambdaContext>()
    .use(originGuard(async () => secret))
    .use(httpErrors())
    .handler(async (e) => ({ statusCode: 200, body: clientAddress(e) }));

const invoke = (secret: string | null, e: HttpApiEvent) =>
  guarded(secret)(e, {} as LambdaContext) as Promise<HttpApiStructuredResult>;

describe('originGuard and clientAddress', () => {
  it('in AWS, refuses a request without the right origin secret with 403', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-origin-verify': 'wrong' },
      { 'x-origin-verify': 's3cret-but-longer' },
    ];
    for (const headers of attempts) {
      const answer = await invoke(
        's3cret',
        event({ ...headers, 'cloudfront-viewer-address': '198.51.100.7:443' }),
      );
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body!).error.code).toBe('forbidden');
    }
  });

  it('refuses everything while the configured secret cannot be read', async () => {
    const answer = await invoke('', event({ 'x-origin-verify': '' }));
    expect(answer.statusCode).toBe(403);
  });

  it('answers 503, not 500, when the secret cannot be read', async () => {
    const failing = middy<HttpApiEvent, HttpApiStructuredResult, Error, LambdaContext>()
      .use(
        originGuard(async () => {
          throw new Error('AccessDeniedException');
        }),
      )
      .use(httpErrors())
      .handler(async () => ({ statusCode: 200, body: 'ok' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = (await failing(
      event({ 'x-origin-verify': 's3cret' }),
      {} as LambdaContext,
    )) as HttpApiStructuredResult;
    expect(answer.statusCode).toBe(503);
  });

  it("with the secret, the client is the viewer's address CloudFront forwarded", async () => {
    const answer = await invoke(
      's3cret',
      event({ 'x-origin-verify': 's3cret', 'cloudfront-viewer-address': '198.51.100.7:46532' }),
    );
    expect(answer).toMatchObject({ statusCode: 200, body: '198.51.100.7' });
  });

  it('locally (no secret), the viewer header is not believed: the socket address is the client', async () => {
    const answer = await invoke(null, event({ 'cloudfront-viewer-address': '198.51.100.7:1' }, '127.0.0.2'));
    expect(answer).toMatchObject({ statusCode: 200, body: '127.0.0.2' });
  });

  it('an event that never went through the guard keeps API Gateway’s address', () => {
    expect(clientAddress(event({ 'cloudfront-viewer-address': '198.51.100.7:1' }, '130.176.1.1'))).toBe(
      '130.176.1.1',
    );
  });
});

describe('parseViewerAddress and addressKey', () => {
  it.each([
    ['198.51.100.7:46532', '198.51.100.7'],
    ['198.51.100.7', '198.51.100.7'],
    ['[2001:db8::1]:46532', '2001:db8::1'],
    ['2001:db8:85a3:0:0:8a2e:370:7334:46532', '2001:db8:85a3:0:0:8a2e:370:7334'],
    ['2001:db8::1', '2001:db8::1'],
    ['not an address', null],
    ['', null],
  ])('%s → %s', (header, address) => {
    expect(parseViewerAddress(header)).toBe(address);
  });

  it('keys IPv6 by its /64: two addresses of one home are one client, another prefix another', () => {
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:ffff::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });

  it('also keys IPv6 by its /48 (issue 29): the /64s of one site share it; IPv4 has none', () => {
    expect(networkKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa::/48');
    expect(networkKey('2001:db8:aa:ffff::9')).toBe('2001:db8:aa::/48');
    expect(networkKey('2001:db8:ab:bb::1')).toBe('2001:db8:ab::/48');
    expect(networkKey('203.0.113.9')).toBeUndefined();
    expect(networkKey('::ffff:203.0.113.9')).toBeUndefined();
    expect(networkKey(undefined)).toBeUndefined();
    expect(networkKey('not an address')).toBeUndefined();
    expect(clientNetwork(event({}, '2001:db8:aa:bb::5'))).toBe('2001:db8:aa::/48');
    expect(clientNetwork(event({}, '198.51.100.7'))).toBeUndefined();
  });
});
