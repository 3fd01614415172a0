/**
 * The renderer mirrors the pages it writes into CloudFront's KeyValueStore (issue 17), which the routing function
 * reads. The store takes its current ETag with each write; the client here keeps one as the service does, so a
 * stale ETag is refused like a concurrent writer's change would make it.
 */
import {
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  PutKeyCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { createKvsPageKeys, withPageKeys } from '../../../../functions/adapters/storage/kvs-page-keys';
import type { GuestPageStore } from '../../../../functions/use-cases/refresh-guest-pages';

const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/abc';

class KeyValueStoreService {
  keys = new Map<string, string>();
  etag = 1;
  calls: string[] = [];
  async send(command: unknown): Promise<{ ETag?: string }> {
    const input = (command as { input: { KvsARN: string; Key?: string; Value?: string; IfMatch?: string } })
      .input;
    expect(input.KvsARN).toBe(ARN);
    this.calls.push((command as object).constructor.name);
    if (command instanceof DescribeKeyValueStoreCommand) return { ETag: `e${this.etag}` };
    if (input.IfMatch !== `e${this.etag}`) {
      throw Object.assign(new Error('Pre-condition failed'), { name: 'ConflictException' });
    }
    if (command instanceof PutKeyCommand) this.keys.set(input.Key!, input.Value!);
    if (command instanceof DeleteKeyCommand) {
      if (!this.keys.delete(input.Key!)) {
        throw Object.assign(new Error('Key not found'), { name: 'ResourceNotFoundException' });
      }
    }
    this.etag++;
    return { ETag: `e${this.etag}` };
  }
}

function memoryStore(): GuestPageStore & { objects: Map<string, string> } {
  const objects = new Map<string, string>();
  return {
    objects,
    put: async (key, body) => void objects.set(key, body),
    delete: async (key) => void objects.delete(key),
    list: async (prefix) => [...objects.keys()].filter((k) => k.startsWith(prefix)),
    listPage: async (prefix) => ({ keys: [...objects.keys()].filter((k) => k.startsWith(prefix)) }),
  };
}

describe('page keys in the KeyValueStore', () => {
  it('a written page gets its key, a deleted page loses it, and the ETag is carried from write to write', async () => {
    const service = new KeyValueStoreService();
    const store = withPageKeys(memoryStore(), createKvsPageKeys(ARN, service));
    await store.put('pages/experience/a.html', '<html>a', 'text/html');
    await store.put('pages/index.html', '<html>home', 'text/html');
    expect([...service.keys.keys()]).toEqual(['e/a', 'pages/index.html']);
    await store.delete('pages/experience/a.html');
    expect([...service.keys.keys()]).toEqual(['pages/index.html']);
    // One read of the ETag, then each answer's ETag serves the next write.
    expect(service.calls.filter((c) => c === 'DescribeKeyValueStoreCommand')).toHaveLength(1);
    expect(await store.list('pages/')).toEqual(['pages/index.html']);
  });

  it("keeps one entry per experience: its other languages' pages add none (issue 33)", async () => {
    const service = new KeyValueStoreService();
    const store = withPageKeys(memoryStore(), createKvsPageKeys(ARN, service));
    for (const key of ['pages/ja/experience/a.html', 'pages/ko/experience/a.html', 'pages/experience/a.html'])
      await store.put(key, '<html>', 'text/html');
    await store.put('pages/ko/index.html', '<html>', 'text/html');
    expect([...service.keys.keys()]).toEqual(['e/a', 'pages/ko/index.html']);
    // The arithmetic of the README: a UUID's entry and its value, 50,000 times, within the store's 5 MB.
    const entry = `e/${'0'.repeat(36)}`;
    expect(50_000 * (entry.length + '1'.length)).toBeLessThan(5 * 1024 * 1024);
  });

  it('reads the ETag again when another writer changed the store meanwhile', async () => {
    const service = new KeyValueStoreService();
    const keys = createKvsPageKeys(ARN, service);
    await keys.put('pages/a.html');
    service.etag += 3; // another renderer's writes
    await keys.put('pages/b.html');
    expect([...service.keys.keys()]).toEqual(['pages/a.html', 'pages/b.html']);
  });

  it('deleting a key that is not there is no error (the page was never rendered)', async () => {
    const keys = createKvsPageKeys(ARN, new KeyValueStoreService());
    await expect(keys.delete('pages/experience/never.html')).resolves.toBeUndefined();
  });

  it('does not record a key when writing the page itself failed', async () => {
    const service = new KeyValueStoreService();
    const failing: GuestPageStore = { ...memoryStore(), put: () => Promise.reject(new Error('S3 down')) };
    const store = withPageKeys(failing, createKvsPageKeys(ARN, service));
    await expect(store.put('pages/index.html', 'x', 'text/html')).rejects.toThrow('S3 down');
    expect(service.keys.size).toBe(0);
  });
});

describe('the real client', () => {
  it('signs its requests with SigV4A, which the KeyValueStore API requires (the signer is registered)', async () => {
    const { CloudFrontKeyValueStoreClient } = await import('@aws-sdk/client-cloudfront-keyvaluestore');
    const seen: { headers: Record<string, string>; hostname: string }[] = [];
    const client = new CloudFrontKeyValueStoreClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { headers: Record<string, string>; hostname: string }) => {
          seen.push(request);
          throw Object.assign(new Error('offline'), { name: 'Offline' });
        },
      },
    });
    await expect(createKvsPageKeys(ARN, client).put('pages/index.html')).rejects.toThrow('offline');
    expect(seen[0]!.hostname).toContain('cloudfront-kvs');
    expect(seen[0]!.headers.authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 /);
  });
});
