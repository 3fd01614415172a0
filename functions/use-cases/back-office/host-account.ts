/**
 * The signed-in host: the account's profile, its changes, its avatar and its uploads. Every host route starts
 * from `requireHost`: a valid token of the host pool whose account has no host profile, or whose host an admin
 * suspended, is 403 `not_a_host` (the specification signs such an account out), never an empty dashboard.
 */
import type { Host } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import { invoiceRegistrationProblem } from '../../domain/invoice-registration';
import { hostProfileSchema } from '../../domain/schemas/host';
import { hostContactSchema, type HostContact } from '../../domain/schemas/host-contact';
import type { CreateUpload, HostProfilePatch, PresignedUpload } from '../../domain/schemas/host-api';
import { BACK_OFFICE_INVALID_REQUEST, parseOrThrow } from '../../domain/validation';
import { errorFields } from '../console-logger';
import type { HostRepository, ImageStore, Logger, RateLimiter } from '../ports';
import { countAttempt, type RateRule } from '../rate-limits';
import { makeRequireHost } from './require-host';

export { makeRequireHost, NOT_A_HOST_MESSAGE } from './require-host';

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

const CONTACT_FIELDS = Object.keys(hostContactSchema.shape) as (keyof HostContact)[];

/**
 * The invoice registration number and its kind as they will be stored (issue 28), checked together: a
 * corporation's number (the default kind) must carry the corporate number's check digit. Nothing when the patch
 * changes neither.
 */
function invoiceOf(
  host: Host,
  patch: HostProfilePatch,
): Pick<Host, 'invoiceRegistrationNumber' | 'invoiceRegistrant'> | Record<string, never> {
  if (patch.invoiceRegistrationNumber === undefined && patch.invoiceRegistrant === undefined) return {};
  const number =
    patch.invoiceRegistrationNumber !== undefined
      ? patch.invoiceRegistrationNumber
      : (host.invoiceRegistrationNumber ?? null);
  const kind = patch.invoiceRegistrant ?? host.invoiceRegistrant ?? 'corporation';
  const problem = number === null ? null : invoiceRegistrationProblem(number, kind);
  if (problem) {
    throw new DomainError('validation_failed', BACK_OFFICE_INVALID_REQUEST, {
      invoiceRegistrationNumber: problem,
    });
  }
  return { invoiceRegistrationNumber: number, invoiceRegistrant: kind };
}

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
      const next: Host = { ...host, ...profile, ...contact, ...invoiceOf(host, patch) };
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
