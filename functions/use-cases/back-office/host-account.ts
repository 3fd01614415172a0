/**
 * The signed-in host: the account's profile, its changes, its avatar and its uploads. Every host route starts
 * from `requireHost`: a valid token of the host pool whose account has no host profile, or whose host an admin
 * suspended, is 403 `not_a_host` (the specification signs such an account out), never an empty dashboard.
 */
import { reviewStatusOf, type Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { HOST_ACCOUNT_SUSPENDED_MESSAGE } from '../../domain/repository-messages';
import { hostProfileSchema } from '../../domain/schemas/host';
import { hostContactSchema, type HostContact } from '../../domain/schemas/host-contact';
import type { CreateUpload, HostProfilePatch, PresignedUpload } from '../../domain/schemas/host-api';
import { parseOrThrow } from '../../domain/validation';
import { errorFields } from '../console-logger';
import type { HostRepository, ImageStore, Logger, RateLimiter } from '../ports';
import { countAttempt, type RateRule } from '../rate-limits';

/** Back-office spec §8: the non-host account's message. */
export const NOT_A_HOST_MESSAGE = 'このアカウントはホスト権限を持っていません。';

export interface HostAccountDeps {
  hosts: HostRepository;
  images: ImageStore;
  logger: Logger;
  /** Upload forms per host (`HOST_UPLOAD_LIMIT`). */
  rateLimiter: RateLimiter;
}

/**
 * Presigned upload forms one host may ask for per hour: ten experiences' worth of photos and an avatar, retries
 * included. Each form lets a 10 MB object into the bucket and each attachment costs a decode, so a stolen or
 * scripted host account cannot fill the bucket or keep the host API's reserved concurrency busy.
 */
export const HOST_UPLOAD_LIMIT: RateRule = { limit: 120, windowSeconds: 60 * 60 };
export const TOO_MANY_UPLOADS_MESSAGE = 'アップロードが多すぎます。しばらくしてから再度お試しください。';

/**
 * A suspended host is refused like an account without a profile: Cognito no longer signs them in, but an ID token
 * issued before the suspension stays valid for up to an hour, and it must not reach the back office meanwhile.
 */
export function makeRequireHost(deps: Pick<HostAccountDeps, 'hosts'>) {
  return async function requireHost(hostId: string): Promise<Host> {
    const [host, suspension] = await Promise.all([deps.hosts.get(hostId), deps.hosts.suspensionOf(hostId)]);
    if (!host) throw new DomainError('not_a_host', NOT_A_HOST_MESSAGE);
    // Still 403 `not_a_host` (the SPA signs the account out), with what happened and whom to ask.
    if (suspension) throw new DomainError('not_a_host', HOST_ACCOUNT_SUSPENDED_MESSAGE);
    // `GET /api/host/me` always names the review status, also for hosts stored before vetting existed.
    return { ...host, reviewStatus: reviewStatusOf(host) };
  };
}

const CONTACT_FIELDS = Object.keys(hostContactSchema.shape) as (keyof HostContact)[];

export function makeHostAccount(deps: HostAccountDeps) {
  const requireHost = makeRequireHost(deps);
  return {
    requireHost,

    /**
     * `PATCH /api/host/me`: the changed fields laid over the profile and checked as a whole; the contact fields
     * (languages, phone, website, business description) were checked as sent (`hostContactSchema`).
     */
    async updateProfile(hostId: string, patch: HostProfilePatch): Promise<Host> {
      const host = await requireHost(hostId);
      const contact = Object.fromEntries(
        CONTACT_FIELDS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]),
      ) as Partial<HostContact>;
      const profile = parseOrThrow(
        hostProfileSchema,
        {
          businessName: host.businessName,
          introduction: host.introduction,
          businessHours: host.businessHours,
          address: host.address,
          cancellationPolicy: host.cancellationPolicy,
          ...patch,
        },
        'The profile is not valid',
      );
      const next: Host = { ...host, ...profile, ...contact };
      await deps.hosts.update(next);
      return next;
    },

    /** `POST /api/host/uploads`: a presigned POST under the host's own prefix; 429 past `HOST_UPLOAD_LIMIT`. */
    async createUpload(hostId: string, upload: CreateUpload): Promise<PresignedUpload> {
      await requireHost(hostId);
      await countAttempt(deps.rateLimiter, `upload:host:${hostId}`, HOST_UPLOAD_LIMIT, {
        message: TOO_MANY_UPLOADS_MESSAGE,
      });
      return deps.images.createUpload({ hostId, ...upload });
    },

    /**
     * `PUT /api/host/me/avatar`: the uploaded object is verified and published first; only then does the profile
     * point at it, and the previous avatar's files go (a failure there is only logged, as the specification says).
     */
    async setAvatar(hostId: string, key: string): Promise<Host> {
      const host = await requireHost(hostId);
      const avatarUrl = await deps.images.publish({ hostId, key, purpose: 'avatar' });
      const next: Host = { ...host, avatarUrl };
      await deps.hosts.update(next);
      if (host.avatarUrl && host.avatarUrl !== avatarUrl) {
        await deps.images.remove([host.avatarUrl]).catch((e: unknown) =>
          deps.logger.warn('Previous avatar could not be deleted', {
            hostId,
            avatarUrl: host.avatarUrl,
            ...errorFields(e),
          }),
        );
      }
      return next;
    },
  };
}

export type HostAccount = ReturnType<typeof makeHostAccount>;
