/**
 * Seeds the local stack: the nine categories, three hosts (real users of the local host pool, profile id = `sub`),
 * the demo admin (admin pool), the experiences with their photos: photo-sized originals drawn locally and put
 * through the photo pipeline hosts' uploads go through (`photos.ts`), so their variants sit in the bucket exactly
 * where a host's would. Idempotent: everything that exists is left alone, so it is safe to run on every start,
 * after a partial failure, or after `npm run reset`.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { S3Client } from '@aws-sdk/client-s3';
import { writePhotoVariants } from '../../functions/adapters/storage/s3-image-store';
import { photoUrl } from '../../functions/domain/images';
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';
import type { Experience, Host } from '../../functions/domain/entities';
import { CATEGORY_IDS, SEED_CATEGORIES } from './categories';
import { DEFAULT_CANCELLATION_POLICY, SEED_EXPERIENCES, type SeedExperience } from './experiences';
import {
  DEMO_ADMIN,
  DEMO_HOST,
  SEED_HOST_PASSWORD,
  SEED_HOSTS,
  type SeedHost,
  type SeedHostKey,
} from './hosts';
import { seedPhotos, type SeedPhotoRequest } from './photos';

export interface SeedContext {
  repositories: DynamoRepositories;
  cognito: CognitoIdentityProviderClient;
  hostPoolId: string;
  adminPoolId: string;
  s3: S3Client;
  imagesBucket: string;
  /** The seeding time; experiences are dated relative to it. */
  now: Date;
  log?: (line: string) => void;
}

export interface SeedSummary {
  categories: number;
  hosts: number;
  experiences: number;
  images: number;
  /** The smallest original the seeded photos were rendered from (issue 11: photo-sized, ≥ 3000 px and 2 MB). */
  smallestOriginal: { bytes: number; width: number } | null;
  /** Host key → profile id (Cognito `sub`). */
  hostIds: Record<SeedHostKey, string>;
}

/** Key prefix of public objects in the images bucket (CloudFront serves `/images/<rest>` from `images/<rest>`). */
export const SEED_IMAGES_PREFIX = 'images/';

/** Photos whose variants are written to the bucket at once (each photo's 2–4 variants in parallel). */
const PHOTOS_WRITTEN_AT_ONCE = 8;

export async function seedLocalData(ctx: SeedContext): Promise<SeedSummary> {
  const { repositories: repo } = ctx;

  await Promise.all(
    SEED_CATEGORIES.map((c) => repo.categories.put({ id: c.id, name: c.name, isActive: true })),
  );

  // Who and what is missing first: only those get photos (the seed never replaces what exists).
  const hostIds = {} as Record<SeedHostKey, string>;
  const newHosts: { seedHost: SeedHost; sub: string }[] = [];
  for (const seedHost of SEED_HOSTS) {
    const password = seedHost.email === DEMO_HOST.email ? DEMO_HOST.password : SEED_HOST_PASSWORD;
    const sub = await ensureUser(ctx.cognito, ctx.hostPoolId, seedHost.email, password);
    const existing = (await repo.hosts.get(sub)) ?? (await repo.hosts.getByEmail(seedHost.email));
    if (existing) {
      if (existing.id !== sub) {
        ctx.log?.(
          `seed: host ${seedHost.email} has profile ${existing.id} but user ${sub}; keeping the profile`,
        );
      }
      hostIds[seedHost.key] = existing.id;
      continue;
    }
    hostIds[seedHost.key] = sub;
    newHosts.push({ seedHost, sub });
  }
  await ensureUser(ctx.cognito, ctx.adminPoolId, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const newExperiences: { seed: SeedExperience; index: number }[] = [];
  for (const [index, seed] of SEED_EXPERIENCES.entries()) {
    if (!(await repo.experiences.get(seed.id))) newExperiences.push({ seed, index });
  }

  // Every photo through the pipeline (or its cache), then its variants into the bucket.
  const avatars = newHosts.map(({ seedHost }) => avatarRequest(seedHost));
  const experiencePhotos = newExperiences.map(({ seed }) => experiencePhotoRequests(seed));
  const requests: SeedPhotoRequest[] = [
    ...avatars,
    ...experiencePhotos.flatMap((slots) => slots.map((s) => s.request)),
  ];
  let drawn = 0;
  const started = performance.now();
  const photos = await seedPhotos(requests, {
    onRender: () => {
      if (drawn++ === 0) ctx.log?.('seed: drawing photo-sized seed photos (first run on this machine only)…');
    },
  });
  // The addresses follow from the photos alone: the items are written while the variants upload.
  const photoOf = new Map(requests.map((request, i) => [request, photos[i]!]));
  const urlOf = (request: SeedPhotoRequest) => {
    const photo = photoOf.get(request)!;
    return photoUrl({ id: photo.id, width: photo.width, height: photo.height });
  };
  const uploads = runLimited(
    photos.map((photo) => async () => {
      await writePhotoVariants(ctx.s3, ctx.imagesBucket, SEED_IMAGES_PREFIX, photo.id, photo);
    }),
    PHOTOS_WRITTEN_AT_ONCE,
  );
  // Settled before anything else can fail, so no upload is left running behind a failed seed.
  const uploaded = uploads.then(
    () => null,
    (e: unknown) => e,
  );

  try {
    for (const [i, { seedHost, sub }] of newHosts.entries()) {
      const { key: _key, avatarColor: _avatarColor, ...profile } = seedHost;
      const host: Host = {
        ...profile,
        id: sub,
        avatarUrl: urlOf(avatars[i]!),
        createdAt: new Date(ctx.now.getTime() - 30 * DAY_MS).toISOString(),
      };
      await repo.hosts.create(host);
    }
    for (const [i, { seed, index }] of newExperiences.entries()) {
      const urlFor = (slot: string) => {
        const request = experiencePhotos[i]!.find((s) => s.slot === slot)?.request;
        return request ? urlOf(request) : null;
      };
      await repo.experiences.create(
        toExperience(seed, hostIds[seed.host], ctx.now, index, urlFor),
        seed.categories.map((c) => CATEGORY_IDS[c]),
      );
    }
  } catch (e) {
    await uploaded;
    throw e;
  }
  const failed = await uploaded;
  if (failed) throw failed;
  // The experiences' photos (avatars are small PNG drawings).
  const landscapes = photos.filter((p) => p.format === 'jpeg');
  const originalMb = photos.reduce((sum, p) => sum + p.originalBytes, 0) / 1e6;
  ctx.log?.(
    `seed: ${SEED_CATEGORIES.length} categories, ${SEED_HOSTS.length} hosts, ${newExperiences.length} new experiences, ${photos.length} photos (${originalMb.toFixed(0)} MB of originals) in ${Math.round(performance.now() - started)} ms`,
  );
  return {
    categories: SEED_CATEGORIES.length,
    hosts: SEED_HOSTS.length,
    experiences: newExperiences.length,
    images: photos.length,
    smallestOriginal: landscapes.length
      ? {
          bytes: Math.min(...landscapes.map((p) => p.originalBytes)),
          width: Math.min(...landscapes.map((p) => p.originalWidth)),
        }
      : null,
    hostIds,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Renders every seed photo into the cache (or finds it there), without a stack: test runs call it once before
 * their files start stacks in parallel, so that the first run on a machine draws each photo once.
 */
export async function prepareSeedPhotos(log?: (line: string) => void): Promise<number> {
  const requests = [
    ...SEED_HOSTS.map(avatarRequest),
    ...SEED_EXPERIENCES.flatMap((seed) => experiencePhotoRequests(seed).map((s) => s.request)),
  ];
  let drawn = 0;
  await seedPhotos(requests, {
    onRender: () => {
      if (drawn++ === 0) log?.('Drawing the seed photos (first run on this machine only)…');
    },
  });
  return drawn;
}

const avatarRequest = (host: SeedHost): SeedPhotoRequest => ({
  spec: { kind: 'avatar', name: host.businessName, color: host.avatarColor },
  purpose: 'avatar',
});

/** The photos of one experience: its main images, then the detail blocks' (one per block with a heading). */
function experiencePhotoRequests(seed: SeedExperience): { slot: string; request: SeedPhotoRequest }[] {
  const landscape = (title: string, variant: number): SeedPhotoRequest => ({
    spec: { kind: 'landscape', title, scene: seed.scene, variant },
    purpose: 'experience-image',
  });
  return [
    ...Array.from({ length: seed.imageCount }, (_, i) => ({
      slot: `main-${i}`,
      request: landscape(seed.title, i + 1),
    })),
    ...(seed.detailHeading1 ? [{ slot: 'detail-1', request: landscape(seed.detailHeading1, 11) }] : []),
    ...(seed.detailHeading2 ? [{ slot: 'detail-2', request: landscape(seed.detailHeading2, 12) }] : []),
  ];
}

async function runLimited(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  const queue = [...tasks];
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) await task();
    }),
  );
}

function toExperience(
  seed: SeedExperience,
  hostId: string,
  now: Date,
  index: number,
  photo: (slot: string) => string | null,
): Experience {
  const {
    host: _host,
    categories: _categories,
    scene: _scene,
    imageCount,
    ageDays,
    cancellationPolicy,
    movie,
    ...authored
  } = seed;
  // Minutes apart on top of the day offset, so that no two experiences share a creation time.
  const createdAt = new Date(now.getTime() - ageDays * DAY_MS - index * 60_000).toISOString();
  return {
    ...authored,
    hostId,
    mainImages: Array.from({ length: imageCount }, (_, i) => photo(`main-${i}`)!),
    movie: movie ?? null,
    detailImage1: photo('detail-1'),
    detailImage2: photo('detail-2'),
    cancellationPolicy: cancellationPolicy ?? DEFAULT_CANCELLATION_POLICY,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Creates a confirmed user with a permanent password unless it exists; returns its `sub`. */
export async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password: string,
): Promise<string> {
  try {
    return subOf(await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email })));
  } catch (e) {
    if ((e as { name?: string }).name !== 'UserNotFoundException') throw e;
  }
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return subOf(await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email })));
}

function subOf(user: { UserAttributes?: { Name?: string; Value?: string }[] }): string {
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('Cognito user has no sub');
  return sub;
}
