/**
 * Seeds the local stack: the nine categories, three hosts (real users of the local host pool, profile id = `sub`),
 * the demo admin (admin pool), the experiences with their generated images. Idempotent: everything that exists is
 * left alone, so it is safe to run on every start, after a partial failure, or after `npm run reset`.
 */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoRepositories } from '../../functions/adapters/dynamodb/repositories';
import type { Experience, Host } from '../../functions/domain/entities';
import { CATEGORY_IDS, SEED_CATEGORIES } from './categories';
import { DEFAULT_CANCELLATION_POLICY, SEED_EXPERIENCES, type SeedExperience } from './experiences';
import { DEMO_ADMIN, DEMO_HOST, SEED_HOST_PASSWORD, SEED_HOSTS, type SeedHostKey } from './hosts';
import { avatarSvg, landscapeSvg } from './images';

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
  /** Host key → profile id (Cognito `sub`). */
  hostIds: Record<SeedHostKey, string>;
}

export const SEED_IMAGE_PREFIX = 'seed/';

/** The public URL of an object of the images bucket (served under `/images/*` locally and by CloudFront). */
export const imageUrl = (key: string) => `/images/${key}`;

export async function seedLocalData(ctx: SeedContext): Promise<SeedSummary> {
  const { repositories: repo } = ctx;
  const uploads: Promise<unknown>[] = [];
  const upload = (key: string, svg: string) => {
    uploads.push(
      ctx.s3.send(
        new PutObjectCommand({
          Bucket: ctx.imagesBucket,
          Key: key,
          Body: svg,
          ContentType: 'image/svg+xml',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      ),
    );
    return imageUrl(key);
  };

  await Promise.all(
    SEED_CATEGORIES.map((c) => repo.categories.put({ id: c.id, name: c.name, isActive: true })),
  );

  const hostIds = {} as Record<SeedHostKey, string>;
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
    const { key, avatarColor, ...profile } = seedHost;
    const host: Host = {
      ...profile,
      id: sub,
      avatarUrl: upload(`${SEED_IMAGE_PREFIX}hosts/${key}.svg`, avatarSvg(profile.businessName, avatarColor)),
      createdAt: new Date(ctx.now.getTime() - 30 * DAY_MS).toISOString(),
    };
    await repo.hosts.create(host);
    hostIds[seedHost.key] = sub;
  }

  await ensureUser(ctx.cognito, ctx.adminPoolId, DEMO_ADMIN.email, DEMO_ADMIN.password);

  let experiences = 0;
  for (const [index, seed] of SEED_EXPERIENCES.entries()) {
    if (await repo.experiences.get(seed.id)) continue;
    const experience = toExperience(seed, hostIds[seed.host], ctx.now, index, upload);
    await repo.experiences.create(
      experience,
      seed.categories.map((c) => CATEGORY_IDS[c]),
    );
    experiences += 1;
  }
  await Promise.all(uploads);
  ctx.log?.(
    `seed: ${SEED_CATEGORIES.length} categories, ${SEED_HOSTS.length} hosts, ${experiences} new experiences, ${uploads.length} images`,
  );
  return {
    categories: SEED_CATEGORIES.length,
    hosts: SEED_HOSTS.length,
    experiences,
    images: uploads.length,
    hostIds,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toExperience(
  seed: SeedExperience,
  hostId: string,
  now: Date,
  index: number,
  upload: (key: string, svg: string) => string,
): Experience {
  const {
    host: _host,
    categories: _categories,
    scene,
    imageCount,
    ageDays,
    cancellationPolicy,
    ...authored
  } = seed;
  const prefix = `${SEED_IMAGE_PREFIX}experiences/${seed.id}/`;
  const mainImages = Array.from({ length: imageCount }, (_, i) =>
    upload(`${prefix}main-${i + 1}.svg`, landscapeSvg({ title: seed.title, scene, variant: i + 1 })),
  );
  const detailImage1 = seed.detailHeading1
    ? upload(`${prefix}detail-1.svg`, landscapeSvg({ title: seed.detailHeading1, scene, variant: 11 }))
    : null;
  // Minutes apart on top of the day offset, so that no two experiences share a creation time.
  const createdAt = new Date(now.getTime() - ageDays * DAY_MS - index * 60_000).toISOString();
  return {
    ...authored,
    hostId,
    mainImages,
    movie: null,
    detailImage1,
    detailImage2: null,
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
