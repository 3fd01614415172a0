/**
 * The local stack as `npm start` runs it, over real HTTP: the API behind the local API Gateway, `/config.json`,
 * images, the SPA's files and fallback, the seeded catalogue and accounts, persistence across a restart, and reset.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  createDocumentClient,
  createDynamoRepositories,
  type DynamoRepositories,
} from '../../../functions/adapters/dynamodb/repositories';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/dynamodb-local';
import { resetLocalData } from '../../../scripts/local/reset';
import { startLocalStack, type LocalStack } from '../../../scripts/local/stack';
import { CATEGORY_IDS, SEED_CATEGORIES } from '../../../scripts/seed/categories';
import { SEED_EXPERIENCES } from '../../../scripts/seed/experiences';
import { DEMO_DENIAL_REASON } from '../../../scripts/seed/bookings';
import { SEED_HOSTS } from '../../../scripts/seed/hosts';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { parsePhotoUrl, photoVariants } from '../../../functions/domain/images';
import { createLocalS3Client } from '../../../scripts/local/s3-local';
import { appConfigSchema } from '../../../web/src/lib/config';
import { FAKE_ASSET, FAKE_INDEX_HTML, rawRequest, signIn, tempWorkDir } from './support';

const work = tempWorkDir('local-stack-');
const dataDir = join(work.dir, 'data');
let stack: LocalStack;
let origin: string;
let doc: DynamoDBDocumentClient;
let repo: DynamoRepositories;

async function start() {
  stack = await startLocalStack({ dataDir, port: 0, webRoot: work.webRoot, demoBookings: true });
  origin = `http://127.0.0.1:${stack.port}`;
  doc = createDocumentClient({
    endpoint: stack.config.dynamodbEndpoint,
    region: stack.config.region,
    credentials: LOCAL_CREDENTIALS,
  });
  repo = createDynamoRepositories({ doc, tableName: stack.config.tableName });
}

async function stop() {
  doc?.destroy();
  await stack?.stop();
}

beforeAll(start);

afterAll(async () => {
  await stop();
  rmSync(work.dir, { recursive: true, force: true });
});

describe('the API behind the local API Gateway', () => {
  it('answers GET /api/health after reaching the table', async () => {
    const res = await fetch(`${origin}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', stage: 'local', dynamodb: 'ok' });
    expect(Date.parse(String(body.time))).not.toBeNaN();
  });

  it('answers 404 JSON for unknown API paths and for a known path with another method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['POST', '/api/health'],
    ] as const) {
      const res = await fetch(`${origin}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toContain(path);
    }
  });

  it('rejects a body over the gateway limit with 413 JSON before invoking the handler', async () => {
    const res = await rawRequest(`${origin}/api/health`, {
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(1024 * 1024 + 10)}"`,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('rejects a JSON body over the handler limit with 413 JSON from the handler', async () => {
    const res = await rawRequest(`${origin}/api/health`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(100 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await rawRequest(`${origin}/api/health`, {
      headers: { 'content-type': 'application/json' },
      body: '{"experienceId": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'validation_failed', message: 'The request body is not valid JSON.' },
    });
  });
});

describe('/config.json', () => {
  it('describes the local backend in the shape the SPA validates', async () => {
    const res = await fetch(`${origin}/config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const config = appConfigSchema.parse(await res.json());
    expect(config).toEqual({
      stage: 'local',
      apiBaseUrl: '/api',
      region: 'ap-northeast-1',
      siteName: 'Ehime Experiences',
      baseUrl: `http://localhost:${stack.port}`,
      cognito: {
        endpoint: stack.config.cognitoEndpoint,
        hostPool: stack.config.hostPool,
        adminPool: stack.config.adminPool,
      },
      payments: { provider: 'local', publishableKey: null },
      mapsApiKey: null,
      // Locally the concierge is reached by mail; no messenger, company site or social pages exist offline.
      links: {
        messenger: null,
        contactForm: 'mailto:concierge@example.com',
        companySite: null,
        instagram: null,
        facebook: null,
      },
      ehimeVideoUrl: null,
      analytics: { enabled: false, gtmContainerId: null },
    });
    expect(config.cognito.hostPool.userPoolId).not.toBe(config.cognito.adminPool.userPoolId);
  });
});

describe('static files and the SPA fallback', () => {
  it('serves index.html, uncached, for client routes', async () => {
    for (const path of ['/', '/experiences', '/experience/123', '/booking-confirmation?ref=ABC123']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(FAKE_INDEX_HTML);
    }
  });

  it('serves hashed assets as immutable, compressed when the client accepts it', async () => {
    const res = await rawRequest(`${origin}/${FAKE_ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.raw).toString('utf8').startsWith('console.log(')).toBe(true);
    const plain = await fetch(`${origin}/${FAKE_ASSET}`, { headers: { 'accept-encoding': 'identity' } });
    expect((await plain.text()).startsWith('console.log(')).toBe(true);
  });

  it('answers 404 for missing files instead of the SPA', async () => {
    for (const path of ['/assets/missing.js', '/favicon.ico', '/images/p/missing/1x1/1.webp']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('does not serve files outside the web root', async () => {
    const res = await rawRequest(`${origin}/..%2fdata%2fstack.json`);
    expect(res.status).toBe(404);
  });
});

describe('seeded data', () => {
  it('has the nine categories with their fixed ids', async () => {
    const categories = await repo.categories.listActive();
    expect(categories.map((c) => c.id).sort()).toEqual(SEED_CATEGORIES.map((c) => c.id).sort());
    expect(categories.find((c) => c.id === CATEGORY_IDS.gourmetAndGastronomy)?.name).toBe(
      'Gourmet & Gastronomy',
    );
  });

  it('publishes at least twelve experiences, most in Ehime, and keeps the private one out of the catalogue', async () => {
    const cards = await repo.experiences.listCards({ sort: 'newest', limit: 100 });
    expect(cards.length).toBeGreaterThanOrEqual(12);
    const ehime = cards.filter((c) => c.prefecture === 'Ehime');
    expect(ehime.length * 2).toBeGreaterThan(cards.length);

    const privateSeed = SEED_EXPERIENCES.find((e) => e.publicationStatus === 'private')!;
    expect(cards.some((c) => c.id === privateSeed.id)).toBe(false);
    expect((await repo.experiences.get(privateSeed.id))?.publicationStatus).toBe('private');
    expect(cards).toHaveLength(SEED_EXPERIENCES.length - 1);
  });

  it('serves the seeded photos from the images bucket as the pipeline publishes them, and nothing outside images/', async () => {
    const experience = await repo.experiences.get(SEED_EXPERIENCES[0]!.id);
    const photo = parsePhotoUrl(experience!.mainImages[0]);
    expect(photo).toMatchObject({ width: 2048, height: 1536 });
    for (const variant of photoVariants(photo!)) {
      const res = await fetch(`${origin}${variant.url}`);
      expect(res.status, variant.url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
    // Issue 11: photo-sized originals (a phone's), not drawings.
    const { smallestOriginal } = stack.seeded!;
    expect(smallestOriginal!.width).toBeGreaterThanOrEqual(3000);
    expect(smallestOriginal!.bytes).toBeGreaterThanOrEqual(2_000_000);
    // `/images/<rest>` is the object `images/<rest>`: an object elsewhere in the bucket is never served.
    const s3 = createLocalS3Client(stack.config.s3Endpoint);
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.config.imagesBucket,
        Key: 'uploads/someone/secret',
        Body: 'not yet verified',
      }),
    );
    // Data seeded before the photo pipeline kept its drawings at the bucket's root, under `seed/`: still shown.
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.config.imagesBucket,
        Key: 'seed/experiences/old/main-1.svg',
        Body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        ContentType: 'image/svg+xml',
      }),
    );
    expect((await fetch(`${origin}/images/seed/experiences/old/main-1.svg`)).status).toBe(200);
    s3.destroy();
    for (const path of [
      '/images/../uploads/someone/secret',
      '/images/..%2Fuploads%2Fsomeone%2Fsecret',
      '/uploads/someone/secret',
      '/images/uploads/someone/secret',
    ]) {
      const res = await rawRequest(`${origin}${path}`);
      expect(res.raw.toString('utf8'), path).not.toContain('not yet verified');
    }
  });

  it('gives the newest published experience seven photos and a video, and every host an avatar photo', async () => {
    const newest = (await repo.experiences.listCards({ sort: 'newest', limit: 1 }))[0]!;
    const experience = (await repo.experiences.get(newest.id))!;
    expect(experience.mainImages.length).toBeGreaterThanOrEqual(6);
    expect(experience.mainImages.every((url) => parsePhotoUrl(url) !== null)).toBe(true);
    expect(experience.movie).toMatch(/[?&]v=/);
    const { items: hosts } = await repo.hosts.list({ limit: 10 });
    for (const host of hosts) expect(parsePhotoUrl(host.avatarUrl)?.width).toBe(640);
  });

  it('has three hosts whose profile ids are their user ids, and demo accounts that sign in to their own pool only', async () => {
    const { items: hosts } = await repo.hosts.list({ limit: 10 });
    expect(hosts.map((h) => h.email).sort()).toEqual(SEED_HOSTS.map((h) => h.email).sort());

    const { demo, cognitoEndpoint, hostPool, adminPool } = stack.config;
    const hostTokens = await signIn(cognitoEndpoint, hostPool.clientId, demo.host.email, demo.host.password);
    const sub = JSON.parse(Buffer.from(hostTokens.idToken.split('.')[1]!, 'base64url').toString()).sub;
    expect((await repo.hosts.getByEmail(demo.host.email))?.id).toBe(sub);

    // The admin pool requires TOTP: the demo admin was enrolled at start, and signs in with a code of its secret.
    expect(demo.admin.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(
      signIn(
        cognitoEndpoint,
        adminPool.clientId,
        demo.admin.email,
        demo.admin.password,
        demo.admin.totpSecret,
      ),
    ).resolves.toHaveProperty('idToken');
    await expect(
      signIn(cognitoEndpoint, adminPool.clientId, demo.host.email, demo.host.password),
    ).rejects.toThrow();
  });
});

describe('the demo host', () => {
  it('has requests to answer, made as guests make them: two pending, two approved, one denied', async () => {
    const host = (await repo.hosts.getByEmail(stack.config.demo.host.email))!;
    const listed = (await repo.bookings.listByHost(host.id, { limit: 20 })).items;
    // The completed tours behind the seeded reviews are the next test's.
    const items = listed.filter((b) => b.status !== 'completed');
    expect(items.map((b) => b.status).sort()).toEqual([
      'approved',
      'approved',
      'denied',
      'pending',
      'pending',
    ]);
    for (const booking of items) {
      const payment = await stack.payments.retrieve(booking.paymentIntentId!);
      const expected = { pending: 'requires_capture', approved: 'succeeded', denied: 'canceled' } as const;
      expect(payment.status).toBe(expected[booking.status as keyof typeof expected]);
    }
    expect(items.find((b) => b.status === 'denied')?.deniedMessage).toBe(DEMO_DENIAL_REASON);
  });

  it('has completed tours with reviews and replies, so that several experiences show a rating', async () => {
    const res = await fetch(`${origin}/api/experiences?limit=100`);
    const cards = (
      (await res.json()) as { items: { id: string; rating?: { average: number; count: number } }[] }
    ).items;
    const rated = cards.filter((c) => c.rating);
    expect(rated.length).toBeGreaterThanOrEqual(3);
    const reviews = await fetch(`${origin}/api/experiences/${rated[0]!.id}/reviews`);
    const body = (await reviews.json()) as { items: { reply?: unknown }[]; summary: { count: number } };
    expect(body.items.length).toBe(body.summary.count);
    const host = (await repo.hosts.getByEmail(stack.config.demo.host.email))!;
    const own = await repo.reviews.listByHost(host.id, {});
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.some((r) => r.reply)).toBe(true);
  });
});

describe('persistence and reset', () => {
  it('finds the same pools, accounts and data after a restart, without seeding again', async () => {
    const before = stack.config;
    const image = (await repo.experiences.get(SEED_EXPERIENCES[1]!.id))!.mainImages[0]!;
    await stop();

    await start();
    expect(stack.seeded).toBeNull();
    expect(stack.config.hostPool).toEqual(before.hostPool);
    expect(stack.config.adminPool).toEqual(before.adminPool);
    expect(await repo.categories.listActive()).toHaveLength(9);
    expect((await fetch(`${origin}${image}`)).status).toBe(200);
    const { demo, cognitoEndpoint, hostPool } = stack.config;
    await expect(
      signIn(cognitoEndpoint, hostPool.clientId, demo.host.email, demo.host.password),
    ).resolves.toBeTruthy();
  });

  it('refuses to reset while another process holds the data folder', async () => {
    // Our own pid holds the lock; pretend the parent process (alive, not us) does.
    const lock = join(dataDir, 'stack.pid');
    writeFileSync(lock, String(process.ppid));
    await expect(resetLocalData(dataDir)).rejects.toThrow(/running/);
    writeFileSync(lock, String(process.pid));
  });

  it('wipes everything on reset, and the next start seeds fresh pools and data', async () => {
    const before = stack.config;
    await stop();
    await expect(resetLocalData(dataDir)).resolves.toBe(true);
    expect(existsSync(dataDir)).toBe(false);

    await start();
    expect(stack.seeded).toMatchObject({ categories: 9, hosts: 3, experiences: SEED_EXPERIENCES.length });
    expect(stack.config.hostPool.userPoolId).not.toBe(before.hostPool.userPoolId);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });
});
