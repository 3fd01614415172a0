/**
 * Photos hosts upload (DESIGN §4b "Photos", issue 8 item 3, issue 11), over real HTTP with real tokens of the local
 * host pool: `POST /api/host/uploads`, the presigned form posted to the site's `/uploads` as a browser would, then
 * the avatar or an experience naming the upload. The API verifies the object by its bytes and size, publishes the
 * WebP variants and the 1200 × 630 social-preview crop served under `/images/`, deletes the original, and deletes
 * photos a save leaves out.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { backfillShareImages } from '../../../functions/adapters/storage/backfill-share-images';
import type { HostExperienceView } from '../../../functions/domain/back-office-views';
import type { Host } from '../../../functions/domain/entities';
import {
  parsePhotoUrl,
  photoVariants,
  SHARE_IMAGE,
  shareImageUrl,
  type PhotoVariant,
} from '../../../functions/domain/images';
import {
  TOO_MANY_PIXELS_MESSAGE,
  UNSUPPORTED_FORMAT_MESSAGE,
  uploadMessages,
  type PresignedUpload,
} from '../../../functions/domain/schemas/host-api';
import {
  HOST_UPLOAD_LIMIT,
  TOO_MANY_UPLOADS_MESSAGE,
} from '../../../functions/use-cases/back-office/host-account';
import { UNKNOWN_IMAGE_MESSAGE } from '../../../functions/use-cases/back-office/host-experiences';
import { createLocalS3Client } from '../../../scripts/local/s3-local';
import { CATEGORY_IDS } from '../../../scripts/seed/categories';
import { DEMO_HOST, SEED_HOST_PASSWORD, SEED_HOSTS } from '../../../scripts/seed/hosts';
import { cameraJpeg, noisePng, TEXT_FILE } from '../../support/photos';
import { bearer, call, signIn, startApiWorld, type ApiWorld, type ErrorBody } from './support';

let world: ApiWorld;
let s3: S3Client;
let demo: { token: string; host: Host };
let other: { token: string; host: Host };
let phonePhoto: Buffer;

beforeAll(async () => {
  world = await startApiWorld('host-photos-');
  s3 = createLocalS3Client(world.stack.config.s3Endpoint);
  const signedIn = async (email: string, password: string) => {
    const token = await signIn(world, 'host', email, password);
    return { token, host: (await call<Host>(world, 'GET', '/api/host/me', undefined, bearer(token))).body };
  };
  demo = await signedIn(DEMO_HOST.email, DEMO_HOST.password);
  other = await signedIn(SEED_HOSTS.find((h) => h.email !== DEMO_HOST.email)!.email, SEED_HOST_PASSWORD);
  phonePhoto = await cameraJpeg(4000, 3000);
});

afterAll(async () => {
  s3?.destroy();
  await world?.stop();
});

function as<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  return call<T>(world, method, path, body, bearer(token));
}

type Purpose = 'avatar' | 'experience-image';

async function presign(token: string, purpose: Purpose, contentType: string, size: number) {
  const res = await as<PresignedUpload>(token, 'POST', '/api/host/uploads', { purpose, contentType, size });
  if (res.status !== 201) throw new Error(`presign: ${res.status} ${res.text}`);
  return res.body;
}

/** Posts the form the way a browser does: every field as given, the file last. */
async function postForm(upload: PresignedUpload, file: Buffer, overrides: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...overrides })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'photo.jpg');
  // The answer names the site's own origin (`localhost`); the tests reach the same server by its address.
  return fetch(new URL(new URL(upload.url).pathname, world.origin), { method: 'POST', body: form });
}

/** POST /api/host/uploads, then the file to the presigned form: the key a form then names. */
async function uploaded(token: string, purpose: Purpose, file: Buffer, contentType = 'image/jpeg') {
  const upload = await presign(token, purpose, contentType, file.length);
  const res = await postForm(upload, file);
  if (res.status !== 204) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return upload.key;
}

async function objectExists(key: string): Promise<boolean> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: world.stack.config.imagesBucket, Key: key }));
    await object.Body?.transformToByteArray();
    return true;
  } catch (e) {
    if ((e as { name?: string }).name === 'NoSuchKey') return false;
    throw e;
  }
}

/** Each variant as the site serves it: status, type, caching and real pixel size. */
async function served(variant: PhotoVariant) {
  const res = await fetch(`${world.origin}${variant.url}`);
  if (res.status !== 200) return { status: res.status };
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    size: [meta.width, meta.height],
  };
}

const variantsOf = (url: string) => {
  const photo = parsePhotoUrl(url);
  if (!photo) throw new Error(`not a published photo: ${url}`);
  return photoVariants(photo);
};

/** A published photo's social-preview crop, as `served` checks it. */
const cropOf = (url: string): PhotoVariant => ({
  url: shareImageUrl(url),
  width: SHARE_IMAGE.width,
  height: SHARE_IMAGE.height,
});

function experienceForm(overrides: Record<string, unknown> = {}) {
  return {
    title: `Photo walk ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Old Uchiko streets at golden hour.',
    price: '7000',
    mainImages: [],
    postalCode: '791-3301',
    prefecture: 'Ehime',
    city: 'Uchiko',
    district: 'Uchiko',
    streetAddress: '2020',
    participantsMin: 1,
    participantsMax: 4,
    publicationStatus: 'public',
    availability: {
      defaultHours: { start: '09:00', end: '12:00' },
      allDay: false,
      regularHolidays: [],
      capacity: 1,
    },
    categoryIds: [CATEGORY_IDS.nature],
    ...overrides,
  };
}

const experienceCount = async (token: string) =>
  (await as<{ items: unknown[] }>(token, 'GET', '/api/host/experiences')).body.items.length;

describe('an experience photo', () => {
  it('becomes WebP variants from 320 to 2048 px from a 4000×3000 phone JPEG, and the original goes', async () => {
    const key = await uploaded(demo.token, 'experience-image', phonePhoto);
    expect(key).toMatch(new RegExp(`^uploads/${demo.host.id}/[0-9a-f-]{36}$`));
    expect(await objectExists(key)).toBe(true);

    const created = await as<HostExperienceView>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [key] }),
    );
    expect(created.status).toBe(201);
    const [url] = created.body.mainImages;
    const variants = variantsOf(url!);
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [480, 360],
      [640, 480],
      [800, 600],
      [960, 720],
      [1280, 960],
      [1600, 1200],
      [2048, 1536],
    ]);
    for (const variant of variants) {
      expect(await served(variant), variant.url).toEqual({
        status: 200,
        type: 'image/webp',
        cache: 'public, max-age=31536000, immutable',
        size: [variant.width, variant.height],
      });
    }
    // Its social-preview crop (og:image), cover-cropped from the landscape photo.
    expect(await served(cropOf(url!))).toEqual({
      status: 200,
      type: 'image/jpeg',
      cache: 'public, max-age=31536000, immutable',
      size: [1200, 630],
    });
    // Originals are private to the pipeline: gone once published.
    expect(await objectExists(key)).toBe(false);
    // The guest page shows the published photo.
    const guest = await call<{ mainImages: string[] }>(world, 'GET', `/api/experiences/${created.body.id}`);
    expect(guest.body.mainImages).toEqual([url]);
  });

  it('publishes new uploads on save and deletes the photos the save left out', async () => {
    const [first, second] = [
      await uploaded(demo.token, 'experience-image', await cameraJpeg(1600, 1200)),
      await uploaded(demo.token, 'experience-image', await cameraJpeg(1200, 1600)),
    ];
    const created = await as<HostExperienceView>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [first, second], detailHeading1: 'Kabuki', detailImage1: second }),
    );
    expect(created.status).toBe(201);
    const [kept, dropped] = created.body.mainImages as [string, string];
    expect(created.body.detailImage1).toBe(dropped);
    expect(variantsOf(dropped).at(-1)).toMatchObject({ width: 1200, height: 1600 });
    // A portrait photo's crop has the same 1200 × 630 shape.
    expect(await served(cropOf(dropped))).toMatchObject({
      status: 200,
      type: 'image/jpeg',
      size: [1200, 630],
    });

    const replacement = await uploaded(demo.token, 'experience-image', await cameraJpeg(1000, 750));
    const saved = await as<HostExperienceView>(
      demo.token,
      'PATCH',
      `/api/host/experiences/${created.body.id}`,
      {
        expectedUpdatedAt: created.body.updatedAt,
        mainImages: [replacement, kept],
        detailImage1: null,
      },
    );
    expect(saved.status).toBe(200);
    const [added, stillKept] = saved.body.mainImages as [string, string];
    expect(stillKept).toBe(kept);
    expect(saved.body.detailImage1).toBeNull();
    expect(variantsOf(added).map((v) => v.width)).toEqual([320, 480, 640, 800, 960, 1000]);
    for (const variant of variantsOf(added)) expect((await served(variant)).status).toBe(200);
    for (const variant of variantsOf(kept)) expect((await served(variant)).status).toBe(200);
    // Removed from the experience (a main image and the detail image): deleted from the bucket.
    for (const variant of variantsOf(dropped)) expect((await served(variant)).status, variant.url).toBe(404);
    expect((await served(cropOf(dropped))).status).toBe(404);
    expect(await objectExists(replacement)).toBe(false);
  });

  it('refuses a text file named .jpg with the specification message, and creates nothing', async () => {
    const before = await experienceCount(demo.token);
    const key = await uploaded(demo.token, 'experience-image', TEXT_FILE);
    const res = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [key] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      message: uploadMessages.imageOnly,
      fields: { 'mainImages.0': uploadMessages.imageOnly },
    });
    expect(await experienceCount(demo.token)).toBe(before);
    expect(await objectExists(key)).toBe(false);
  });

  it('refuses an image over 10 MB: no presigned form for it, and none attached if one gets into the bucket', async () => {
    const big = await noisePng(12 * 1024 * 1024);
    const presigned = await as<ErrorBody>(demo.token, 'POST', '/api/host/uploads', {
      purpose: 'experience-image',
      contentType: 'image/png',
      size: big.length,
    });
    expect(presigned.status).toBe(400);
    expect(presigned.body.error.fields).toEqual({ size: uploadMessages.imageTooLarge });

    // A form signed for a small file does not take a large one (S3 checks the policy; so does the local origin).
    const small = await presign(demo.token, 'experience-image', 'image/png', 1_000_000);
    const refused = await postForm(small, big);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await objectExists(small.key)).toBe(false);

    // Were the policy ever bypassed, the API still checks the object it is asked to publish.
    const before = await experienceCount(demo.token);
    const key = `uploads/${demo.host.id}/0c2b9a8e-1b1f-4e4c-9f1e-2f8b6a7d5c4e`;
    await s3.send(new PutObjectCommand({ Bucket: world.stack.config.imagesBucket, Key: key, Body: big }));
    const res = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [key] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'mainImages.0': uploadMessages.imageTooLarge });
    expect(await experienceCount(demo.token)).toBe(before);
    expect(await objectExists(key)).toBe(false);
  });

  it("refuses another host's upload, which stays theirs to use", async () => {
    const theirs = await uploaded(other.token, 'experience-image', await cameraJpeg(800, 600));
    const before = await experienceCount(demo.token);
    const res = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [theirs] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'mainImages.0': UNKNOWN_IMAGE_MESSAGE });
    expect(await experienceCount(demo.token)).toBe(before);
    expect(await objectExists(theirs)).toBe(true);
    const own = await as<HostExperienceView>(
      other.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [theirs] }),
    );
    expect(own.status).toBe(201);
  });
});

describe('the avatar', () => {
  const avatarOf = async (token: string) => (await as<Host>(token, 'GET', '/api/host/me')).body.avatarUrl;

  it('is verified, published within 640 px, shown on the public host page, and replaces the older one', async () => {
    const previous = await avatarOf(demo.token);
    const key = await uploaded(demo.token, 'avatar', await cameraJpeg(1200, 1200));
    const res = await as<Host>(demo.token, 'PUT', '/api/host/me/avatar', { key });
    expect(res.status).toBe(200);
    const first = res.body.avatarUrl!;
    expect(variantsOf(first).map((v) => [v.width, v.height])).toEqual([
      [320, 320],
      [480, 480],
      [640, 640],
    ]);
    for (const variant of variantsOf(first)) expect((await served(variant)).status).toBe(200);
    const publicHost = await call<{ avatarUrl: string }>(world, 'GET', `/api/hosts/${demo.host.id}`);
    expect(publicHost.body.avatarUrl).toBe(first);
    // The seeded avatar's files went.
    for (const variant of variantsOf(previous!)) expect((await served(variant)).status).toBe(404);

    const next = await as<Host>(demo.token, 'PUT', '/api/host/me/avatar', {
      key: await uploaded(demo.token, 'avatar', await cameraJpeg(600, 800, 6)),
    });
    expect(next.status).toBe(200);
    // Sideways portrait: upright, 800 × 600 → within 640 wide.
    expect(variantsOf(next.body.avatarUrl!).at(-1)).toMatchObject({ width: 640, height: 480 });
    for (const variant of variantsOf(first)) expect((await served(variant)).status, variant.url).toBe(404);
  });

  it.each([
    ['a text file named .jpg', () => TEXT_FILE, '不正なファイル形式です'],
    ['a 6 MB image', () => noisePng(6 * 1024 * 1024), uploadMessages.avatarTooLarge],
  ])('refuses %s with the specification message and keeps the avatar', async (_label, file, message) => {
    const before = await avatarOf(demo.token);
    const bytes = await file();
    // The avatar's form is refused up front when the declared size is too large…
    if (bytes.length > 5 * 1024 * 1024) {
      const res = await as<ErrorBody>(demo.token, 'POST', '/api/host/uploads', {
        purpose: 'avatar',
        contentType: 'image/png',
        size: bytes.length,
      });
      expect(res.body.error.fields).toEqual({ size: uploadMessages.avatarTooLarge });
    }
    // …and the object itself is checked however it got there.
    const key = `uploads/${demo.host.id}/${crypto.randomUUID()}`;
    await s3.send(new PutObjectCommand({ Bucket: world.stack.config.imagesBucket, Key: key, Body: bytes }));
    const res = await as<ErrorBody>(demo.token, 'PUT', '/api/host/me/avatar', { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message, fields: { key: message } });
    expect(await avatarOf(demo.token)).toBe(before);
  });

  it("refuses a key outside the host's own uploads, and one never uploaded", async () => {
    const before = await avatarOf(demo.token);
    const theirs = await uploaded(other.token, 'avatar', await cameraJpeg(400, 400));
    for (const [key, message] of [
      [theirs, uploadMessages.verificationFailed],
      [`uploads/${demo.host.id}/../${other.host.id}/x`, uploadMessages.verificationFailed],
      ['images/p/seed-0000000000000000/640x640/640.webp', uploadMessages.verificationFailed],
      [`uploads/${demo.host.id}/${crypto.randomUUID()}`, 'ファイルの検証に失敗しました'],
    ] as const) {
      const res = await as<ErrorBody>(demo.token, 'PUT', '/api/host/me/avatar', { key });
      expect(res.status, key).toBe(400);
      expect(res.body.error.message, key).toBe(message);
    }
    expect(await avatarOf(demo.token)).toBe(before);
    expect(await objectExists(theirs)).toBe(true);
  });
});

describe('the presigned form', () => {
  it('holds the host to what was declared: type, size, key, and an intact signature', async () => {
    const file = await cameraJpeg(400, 300);
    const cases: [string, (u: PresignedUpload) => Promise<Response>, number, string][] = [
      [
        'another content type',
        (u) => postForm(u, file, { 'Content-Type': 'text/html' }),
        403,
        'AccessDenied',
      ],
      ['another key', (u) => postForm(u, file, { key: `uploads/${other.host.id}/x` }), 403, 'AccessDenied'],
      ['an extra field', (u) => postForm(u, file, { acl: 'public-read' }), 403, 'AccessDenied'],
      [
        'a forged policy',
        (u) =>
          postForm(u, file, {
            Policy: Buffer.from('{"expiration":"2099-01-01T00:00:00Z","conditions":[]}').toString('base64'),
          }),
        403,
        'SignatureDoesNotMatch',
      ],
      ['more bytes than declared', (u) => postForm(u, Buffer.concat([file, file])), 400, 'EntityTooLarge'],
    ];
    for (const [label, post, status, code] of cases) {
      const upload = await presign(demo.token, 'experience-image', 'image/jpeg', file.length);
      const res = await post(upload);
      expect(res.status, label).toBe(status);
      expect(await res.text(), label).toContain(`<Code>${code}</Code>`);
      expect(await objectExists(upload.key), label).toBe(false);
    }
    expect((await fetch(`${world.origin}/uploads`)).status).toBe(405);
  });

  it('is answered with an address on the site itself, so the browser needs no CORS', async () => {
    const upload = await presign(demo.token, 'avatar', 'image/jpeg', 1000);
    expect(upload.url).toBe(`${world.stack.url}/uploads`);
    expect(upload.fields).toMatchObject({ key: upload.key, 'Content-Type': 'image/jpeg' });
  });
});

describe('what an upload may be (issue 16)', () => {
  const avatarOf = async (token: string) => (await as<Host>(token, 'GET', '/api/host/me')).body.avatarUrl;

  it('refuses an SVG: no form for its type, and not attached if one gets into the bucket', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script/></svg>');
    for (const contentType of ['image/svg+xml', 'image/*', 'image/tiff']) {
      const res = await as<ErrorBody>(demo.token, 'POST', '/api/host/uploads', {
        purpose: 'avatar',
        contentType,
        size: svg.length,
      });
      expect(res.status, contentType).toBe(400);
      expect(res.body.error.fields).toEqual({ contentType: uploadMessages.avatarImageOnly });
    }
    const before = await avatarOf(demo.token);
    const key = `uploads/${demo.host.id}/${crypto.randomUUID()}`;
    await s3.send(new PutObjectCommand({ Bucket: world.stack.config.imagesBucket, Key: key, Body: svg }));
    const res = await as<ErrorBody>(demo.token, 'PUT', '/api/host/me/avatar', { key });
    expect(res.status).toBe(400);
    // Issue 29: an image of another format is named as such, in Japanese.
    expect(res.body.error.message).toBe(UNSUPPORTED_FORMAT_MESSAGE);
    expect(await avatarOf(demo.token)).toBe(before);
    expect(await objectExists(key)).toBe(false);
  });

  it('refuses a 100-megapixel image (a few kilobytes of PNG) with a Japanese message, before decoding it', async () => {
    // One colour compresses to almost nothing: small enough for every size check, far too many pixels.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: { r: 40, g: 120, b: 90 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await avatarOf(demo.token);
    const key = await uploaded(demo.token, 'avatar', bomb, 'image/png');
    const avatar = await as<ErrorBody>(demo.token, 'PUT', '/api/host/me/avatar', { key });
    expect(avatar.status).toBe(400);
    expect(avatar.body.error).toMatchObject({
      code: 'validation_failed',
      message: TOO_MANY_PIXELS_MESSAGE,
      fields: { key: TOO_MANY_PIXELS_MESSAGE },
    });
    expect(avatar.body.error.message).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
    expect(await avatarOf(demo.token)).toBe(before);
    expect(await objectExists(key)).toBe(false);

    const photoKey = await uploaded(demo.token, 'experience-image', bomb, 'image/png');
    const experience = await as<ErrorBody>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [photoKey] }),
    );
    expect(experience.status).toBe(400);
    expect(experience.body.error.fields).toEqual({ 'mainImages.0': TOO_MANY_PIXELS_MESSAGE });
  });

  it(`answers 429 past ${HOST_UPLOAD_LIMIT.limit} upload forms per host and hour; another host is not affected`, async () => {
    const ask = (token: string) =>
      as<ErrorBody>(token, 'POST', '/api/host/uploads', {
        purpose: 'experience-image',
        contentType: 'image/jpeg',
        size: 1000,
      });
    let answer = await ask(other.token);
    for (let i = 1; answer.status === 201 && i <= HOST_UPLOAD_LIMIT.limit; i++)
      answer = await ask(other.token);
    expect(answer.status).toBe(429);
    expect(answer.body.error.code).toBe('too_many_requests');
    expect(answer.body.error.message).toBe(TOO_MANY_UPLOADS_MESSAGE);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(HOST_UPLOAD_LIMIT.windowSeconds);
    expect((await ask(demo.token)).status).toBe(201);
  });
});

describe('duplicating an experience (operator feature of issue 21)', () => {
  it('makes a private copy with photos of its own: deleting the original leaves the copy’s photos served', async () => {
    const cover = await uploaded(demo.token, 'experience-image', await cameraJpeg(1200, 900));
    const detail = await uploaded(demo.token, 'experience-image', await cameraJpeg(900, 1200));
    const original = await as<HostExperienceView>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [cover], detailHeading1: 'The lane', detailImage1: detail }),
    );
    expect(original.status).toBe(201);

    const res = await as<HostExperienceView>(
      demo.token,
      'POST',
      `/api/host/experiences/${original.body.id}/duplicate`,
    );
    expect(res.status).toBe(201);
    const copy = res.body;
    const { id, title, mainImages, detailImage1, publicationStatus } = copy;
    expect(id).not.toBe(original.body.id);
    expect(title).toBe(`${original.body.title}（コピー）`);
    expect(publicationStatus).toBe('private');
    const { description, price, postalCode, availability, categoryIds, participantsMax, detailHeading1 } =
      original.body;
    expect(copy).toMatchObject({
      description,
      price,
      postalCode,
      availability,
      categoryIds,
      participantsMax,
      detailHeading1,
    });
    expect(mainImages).toHaveLength(1);
    expect(mainImages[0]).not.toBe(original.body.mainImages[0]);
    expect(detailImage1).not.toBe(original.body.detailImage1);
    const listed = (await as<{ items: { id: string }[] }>(demo.token, 'GET', '/api/host/experiences')).body;
    expect(listed.items.map((e) => e.id)).toContain(id);

    // The copy owns its photos: the original goes, with its photos, and the copy's are still there.
    expect((await as(demo.token, 'DELETE', `/api/host/experiences/${original.body.id}`)).status).toBe(204);
    expect((await served(variantsOf(original.body.mainImages[0]!)[0]!)).status).toBe(404);
    expect((await served(cropOf(original.body.mainImages[0]!))).status).toBe(404);
    for (const url of [mainImages[0]!, detailImage1!]) {
      const variants = variantsOf(url);
      expect(await served(variants.at(-1)!)).toMatchObject({ status: 200, type: 'image/webp' });
      expect(await served(cropOf(url))).toMatchObject({ status: 200, type: 'image/jpeg', size: [1200, 630] });
    }

    // Another host's experience answers as missing, and nothing is copied.
    const foreign = await as<ErrorBody>(other.token, 'POST', `/api/host/experiences/${id}/duplicate`);
    expect(foreign.status).toBe(404);
  });

  it('copies a photo published before crops existed without one; the backfill then gives both their crop', async () => {
    const cover = await uploaded(demo.token, 'experience-image', await cameraJpeg(900, 1200));
    const original = await as<HostExperienceView>(
      demo.token,
      'POST',
      '/api/host/experiences',
      experienceForm({ mainImages: [cover] }),
    );
    expect(original.status).toBe(201);
    const [photo] = original.body.mainImages as [string];
    // As a photo published before this change: its variants, no crop.
    const bucket = world.stack.config.imagesBucket;
    const cropKey = new URL(shareImageUrl(photo), 'http://x').pathname.slice(1);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: cropKey }));
    expect((await served(cropOf(photo))).status).toBe(404);

    const res = await as<HostExperienceView>(
      demo.token,
      'POST',
      `/api/host/experiences/${original.body.id}/duplicate`,
    );
    expect(res.status).toBe(201);
    const [copied] = res.body.mainImages as [string];
    expect(await served(variantsOf(copied).at(-1)!)).toMatchObject({ status: 200, type: 'image/webp' });
    expect((await served(cropOf(copied))).status).toBe(404);

    const lines: string[] = [];
    const result = await backfillShareImages(s3, bucket, 'images/', (line) => lines.push(line));
    expect(result.failures).toEqual([]);
    expect(result.written).toBe(2);
    expect(lines.join('\n')).toContain(
      new URL(shareImageUrl(copied), 'http://x').pathname.slice('/images/'.length),
    );
    for (const url of [photo, copied]) {
      expect(await served(cropOf(url))).toMatchObject({ status: 200, type: 'image/jpeg', size: [1200, 630] });
    }
    // Again: nothing left to do.
    expect((await backfillShareImages(s3, bucket, 'images/')).written).toBe(0);
  });
});

describe('bytes checked before any decoder (issue 29)', () => {
  /** Files a host could upload with a form declared `image/jpeg`: each is another format by its bytes. */
  const disguised = async (): Promise<[string, Buffer][]> => [
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script/></svg>')],
    [
      'a TIFF',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } })
        .tiff()
        .toBuffer(),
    ],
    [
      'a HEIC',
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypheicmif1heic'),
        Buffer.alloc(4),
        Buffer.alloc(200, 9),
      ]),
    ],
  ];

  it('refuses an SVG, a TIFF and a HEIC declared as JPEG with a Japanese message, for images and avatars', async () => {
    const before = await experienceCount(demo.token);
    const avatar = (await as<Host>(demo.token, 'GET', '/api/host/me')).body.avatarUrl;
    for (const [label, bytes] of await disguised()) {
      const imageKey = await uploaded(demo.token, 'experience-image', bytes, 'image/jpeg');
      const image = await as<ErrorBody>(
        demo.token,
        'POST',
        '/api/host/experiences',
        experienceForm({ mainImages: [imageKey] }),
      );
      expect(image.status, label).toBe(400);
      expect(image.body.error, label).toMatchObject({
        code: 'validation_failed',
        message: UNSUPPORTED_FORMAT_MESSAGE,
        fields: { 'mainImages.0': UNSUPPORTED_FORMAT_MESSAGE },
      });
      expect(await objectExists(imageKey), label).toBe(false);

      const avatarKey = await uploaded(demo.token, 'avatar', bytes, 'image/jpeg');
      const res = await as<ErrorBody>(demo.token, 'PUT', '/api/host/me/avatar', { key: avatarKey });
      expect(res.status, label).toBe(400);
      expect(res.body.error.message, label).toBe(UNSUPPORTED_FORMAT_MESSAGE);
    }
    expect(UNSUPPORTED_FORMAT_MESSAGE).toMatch(/[\u3040-\u30ff]/);
    expect(await experienceCount(demo.token)).toBe(before);
    expect((await as<Host>(demo.token, 'GET', '/api/host/me')).body.avatarUrl).toBe(avatar);
  });
});
