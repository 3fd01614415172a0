/**
 * The CloudFront KeyValueStore of page keys (issue 17): the viewer-request function cannot ask S3 whether a page
 * exists, so the renderer mirrors every key it writes under `pages/` into the store, and removes the ones it
 * deletes. The store's API takes the store's current ETag with each write (optimistic concurrency): a write that
 * lost a race reads the new ETag and tries again.
 */
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  PutKeyCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { pageKeyEntry } from '../../domain/guest-pages';
import type { GuestPageStore } from '../../use-cases/refresh-guest-pages';

/** Writes to the store (a value is required; the routing function only asks whether the key exists). */
export interface PageKeys {
  put(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

type Client = Pick<CloudFrontKeyValueStoreClient, 'send'>;

const nameOf = (e: unknown) => (e as { name?: string }).name ?? '';
const ATTEMPTS = 5;

export function createKvsPageKeys(kvsArn: string, client: Client = new CloudFrontKeyValueStoreClient({})) {
  let etag: string | undefined;
  const currentEtag = async () =>
    (etag ??= (await client.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }))).ETag);

  async function write(send: (ifMatch: string) => Promise<{ ETag?: string }>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        etag = (await send((await currentEtag())!)).ETag;
        return;
      } catch (e) {
        // Another writer changed the store since we read its ETag: read it again.
        etag = undefined;
        if (attempt >= ATTEMPTS || !['ConflictException', 'ValidationException'].includes(nameOf(e))) {
          throw e;
        }
      }
    }
  }

  const keys: PageKeys = {
    put: (key) =>
      write((ifMatch) =>
        client.send(new PutKeyCommand({ KvsARN: kvsArn, Key: key, Value: '1', IfMatch: ifMatch })),
      ),
    async delete(key) {
      try {
        await write((ifMatch) =>
          client.send(new DeleteKeyCommand({ KvsARN: kvsArn, Key: key, IfMatch: ifMatch })),
        );
      } catch (e) {
        // Already gone: what we wanted.
        if (nameOf(e) !== 'ResourceNotFoundException') throw e;
      }
    },
  };
  return keys;
}

/**
 * The page store, with every page written or deleted mirrored into the page keys (after the object itself): one
 * entry per experience (`pageKeyEntry`: its English page's write and delete stand for every language's, which the
 * renderer orders around it), the key itself for every other page (issue 33: 50,000 experiences fit the store).
 */
export function withPageKeys<S extends GuestPageStore>(store: S, keys: PageKeys): S {
  return {
    ...store,
    async put(key, body, contentType) {
      await store.put(key, body, contentType);
      const entry = pageKeyEntry(key);
      if (entry) await keys.put(entry);
    },
    async delete(key) {
      // The entry first: from then on every language answers its not-found page, even while the rest go.
      const entry = pageKeyEntry(key);
      if (entry) await keys.delete(entry);
      await store.delete(key);
    },
  };
}
