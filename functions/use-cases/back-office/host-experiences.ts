/**
 * A host's experiences (back-office spec §2 "Experience list", "Create", "Edit"; DESIGN §4b "Experiences"). Every
 * read and write is of the host's own experiences: another host's id answers exactly like a missing one.
 *
 * Images: a form names each image either by the URL the experience already shows (kept) or by the key of a new
 * upload (`uploads/<host>/…`), which is verified and published on save. Images left out of a save are deleted
 * after the save succeeded, and images published for a save that then failed are deleted again.
 */
import {
  TOKYO_TIME_ZONE,
  addDays,
  bookableWindow,
  dateInZone,
  formatBookingDate,
} from '../../domain/calendar';
import { busiestQuarter } from '../../domain/availability';
import { policyConflictMessage, policyConflicts } from '../../domain/policy-notes';
import { defaultRefundRule } from '../../domain/refund-rule';
import { TOUR_DAYS_AFTER_START } from '../../domain/tour-span';
import { cardDataChanged } from '../../domain/guest-page-jobs';
import { announcePageChange, type GuestPageEvents } from '../refresh-guest-pages';
import { reviewStatusOf, type Experience } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import type { HostExperienceListItem, HostExperienceView } from '../../domain/back-office-views';
import {
  EXPERIENCE_FORM_FIELDS,
  UPLOAD_KEY_PREFIX,
  HOST_UNDER_REVIEW_MESSAGE,
  experienceCreateFormSchemaJa,
  experienceEditFormSchemaJa,
  type ExperienceFormData,
} from '../../domain/schemas/experience-form';
import { EXPERIENCE_CHANGED_MESSAGE, type ExperiencePatch } from '../../domain/schemas/host-api';
import { BACK_OFFICE_INVALID_REQUEST, parseOrThrow } from '../../domain/validation';
import { toCard } from '../../domain/experience-card';
import { errorFields } from '../console-logger';
import type {
  BookingRepository,
  CategoryRepository,
  ExperienceRepository,
  HostRepository,
  ImageStore,
  Logger,
  SlotRepository,
} from '../ports';
import type { PayoutProfileRepository } from '../money-ports';
import { PAYOUT_ACCOUNT_REQUIRED_MESSAGE, canPublish } from '../../domain/payout-account';

export const HOST_EXPERIENCE_NOT_FOUND_MESSAGE = '体験が見つかりませんでした。';
export const UNKNOWN_IMAGE_MESSAGE = 'この画像は使用できません。もう一度アップロードしてください。';
export const UNKNOWN_CATEGORY_MESSAGE = '存在しないカテゴリーが含まれています';
/** The 409 of a delete while requests are open (back-office spec: delete; ours suggests unpublishing). */
export const EXPERIENCE_HAS_OPEN_BOOKINGS_MESSAGE =
  'この体験には未対応または今後の確定済みの予約があるため削除できません。代わりに非公開にしてください。';
/** The 409 `host_under_review` of a publication before an admin approved the host (DESIGN §4d). */
export { HOST_UNDER_REVIEW_MESSAGE };

/** A rule capacity under what overlapping bookings already use (DESIGN §4j): 409, naming where. */
export const capacityBelowOverlapMessage = (date: string, time: string, held: number, capacity: number) =>
  `${formatBookingDate(date, 'ja')} ${time} には既に${held}組の予約が重なっているため、同時に受け付ける組数を${capacity}にはできません`;

/** The copy's title: the original's with this mark, within the title's 200 characters. */
export const COPY_TITLE_SUFFIX = '（コピー）';
const MAX_TITLE_LENGTH = 200;

/** Images published at once when a form adds many (the photo pipeline is CPU-bound). */
const PUBLISH_CONCURRENCY = 3;

export interface HostExperiencesDeps {
  experiences: ExperienceRepository;
  /** Publishing needs a payout account that takes payments. */
  payoutProfiles: Pick<PayoutProfileRepository, 'get'>;
  categories: CategoryRepository;
  bookings: BookingRepository;
  hosts: HostRepository;
  slots: SlotRepository;
  images: ImageStore;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** The guest pages' renderer hears of every change (issue 17). */
  pageEvents?: GuestPageEvents;
}

/** The new addresses of copied photos (those `copy` answered as they were are shared, not copies). */
const copiedOnly = (copies: ReadonlyMap<string, string>) =>
  [...copies].filter(([from, to]) => from !== to).map(([, to]) => to);

type ImageFields = Pick<ExperienceFormData, 'mainImages' | 'detailImage1' | 'detailImage2'>;

const imagesOf = (e: ImageFields): string[] =>
  [...e.mainImages, e.detailImage1, e.detailImage2].filter((i): i is string => typeof i === 'string');

/** The form's values of a stored experience (what an edit starts from). */
function formValuesOf(e: Experience, categoryIds: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = { ...e, categoryIds };
  return Object.fromEntries(EXPERIENCE_FORM_FIELDS.map((field) => [field, values[field]]));
}

/** The entity fields a form sets (everything but the category links). */
function contentOf(form: ExperienceFormData): Omit<ExperienceFormData, 'categoryIds'> {
  const { categoryIds: _categoryIds, ...content } = form;
  return content;
}

export function makeHostExperiences(deps: HostExperiencesDeps) {
  async function own(hostId: string, id: string): Promise<Experience> {
    const experience = await deps.experiences.get(id);
    if (!experience || experience.hostId !== hostId) {
      throw new DomainError('not_found', HOST_EXPERIENCE_NOT_FOUND_MESSAGE);
    }
    return experience;
  }

  /**
   * A host under review prepares experiences but may not make one public (vetting first, DESIGN §4d); nor may a
   * host whose payout account cannot take payments yet (§4g). Checked before anything is written.
   */
  async function checkMayPublish(hostId: string): Promise<void> {
    const host = await deps.hosts.get(hostId);
    if (host && reviewStatusOf(host) === 'underReview') {
      throw new DomainError('host_under_review', HOST_UNDER_REVIEW_MESSAGE);
    }
    const { account } = await deps.payoutProfiles.get(hostId);
    if (!canPublish(account)) {
      throw new DomainError('payout_account_required', PAYOUT_ACCOUNT_REQUIRED_MESSAGE);
    }
  }

  async function view(experience: Experience): Promise<HostExperienceView> {
    return { ...experience, categoryIds: await deps.experiences.categoryIdsOf(experience.id) };
  }

  async function checkCategories(ids: string[]): Promise<void> {
    const found = await Promise.all(ids.map((id) => deps.categories.get(id)));
    if (found.some((c) => !c?.isActive)) {
      throw new DomainError('validation_failed', UNKNOWN_CATEGORY_MESSAGE, {
        categoryIds: UNKNOWN_CATEGORY_MESSAGE,
      });
    }
  }

  /**
   * The form's images with every new upload published; `kept` are the URLs the experience already shows. An
   * unknown reference (another experience's URL, a foreign or made-up key) is a 400 on its field.
   */
  async function publishImages(
    hostId: string,
    form: ImageFields,
    kept: ReadonlySet<string>,
  ): Promise<{ images: ImageFields; published: string[] }> {
    const fieldOf = new Map<string, string>();
    form.mainImages.forEach((ref, i) => fieldOf.set(ref, `mainImages.${i}`));
    if (form.detailImage1) fieldOf.set(form.detailImage1, 'detailImage1');
    if (form.detailImage2) fieldOf.set(form.detailImage2, 'detailImage2');
    const fresh = [...fieldOf.keys()].filter((ref) => !kept.has(ref));
    for (const ref of fresh) {
      if (!ref.startsWith(`${UPLOAD_KEY_PREFIX}${hostId}/`)) {
        const field = fieldOf.get(ref) ?? 'mainImages';
        throw new DomainError('validation_failed', UNKNOWN_IMAGE_MESSAGE, { [field]: UNKNOWN_IMAGE_MESSAGE });
      }
    }
    const urls = new Map<string, string>();
    const published: string[] = [];
    try {
      for (let i = 0; i < fresh.length; i += PUBLISH_CONCURRENCY) {
        await Promise.all(
          fresh.slice(i, i + PUBLISH_CONCURRENCY).map(async (key) => {
            try {
              const url = await deps.images.publish({ hostId, key, purpose: 'experience-image' });
              urls.set(key, url);
              published.push(url);
            } catch (e) {
              const field = fieldOf.get(key) ?? 'mainImages';
              if (e instanceof DomainError && e.code === 'validation_failed') {
                throw new DomainError(e.code, e.message, { [field]: e.message }, { cause: e });
              }
              throw e;
            }
          }),
        );
      }
    } catch (e) {
      await discard(published, 'Images published for a failed save could not be deleted', hostId);
      throw e;
    }
    const resolve = (ref: string | null) => (ref === null ? null : (urls.get(ref) ?? ref));
    return {
      images: {
        mainImages: form.mainImages.map((ref) => urls.get(ref) ?? ref),
        detailImage1: resolve(form.detailImage1),
        detailImage2: resolve(form.detailImage2),
      },
      published,
    };
  }

  async function discard(urls: string[], message: string, hostId: string): Promise<void> {
    if (urls.length === 0) return;
    await deps.images
      .remove(urls)
      .catch((e: unknown) => deps.logger.warn(message, { hostId, urls, ...errorFields(e) }));
  }

  /**
   * One policy (DESIGN §4j): the notes may not state a percentage or a number of days the rule in force does not
   * give. Without a rule of its own the experience follows the host profile's policy.
   */
  async function checkPolicyNotes(hostId: string, form: ExperienceFormData): Promise<void> {
    if (!form.cancellationPolicy?.trim()) return;
    const rule = form.refundRule ?? defaultRefundRule((await deps.hosts.get(hostId))?.cancellationPolicy);
    const conflicts = policyConflicts(form.cancellationPolicy, rule);
    if (conflicts.length === 0) return;
    const message = policyConflictMessage(conflicts, rule);
    throw new DomainError('validation_failed', message, { cancellationPolicy: message });
  }

  /**
   * A lower capacity must not go under what overlapping tours already hold at any moment still to come (DESIGN
   * §4j: capacity changes never create an overlap). Reads the tour days from today to the end of the bookable
   * window (and the two days its last tours may reach); a booking made with the old capacity in the moment between
   * this read and the save is the one race left (see the README).
   */
  async function checkCapacityNotBelowOverlap(current: Experience, capacity: number): Promise<void> {
    if (capacity >= current.availability.capacity) return;
    const now = deps.clock();
    const today = dateInZone(now, TOKYO_TIME_ZONE);
    const end = addDays(bookableWindow(now, TOKYO_TIME_ZONE).to, TOUR_DAYS_AFTER_START);
    const busiest = busiestQuarter(await deps.slots.listTourDays(current.id, today, end));
    if (!busiest || busiest.held <= capacity) return;
    const message = capacityBelowOverlapMessage(busiest.date, busiest.time, busiest.held, capacity);
    throw new DomainError('state_conflict', message, { 'availability.capacity': message });
  }

  /** `updatedAt` always moves forward, so an edit's `expectedUpdatedAt` can never match a later state. */
  function nextUpdatedAt(previous: string): string {
    const now = deps.clock().getTime();
    return new Date(Math.max(now, Date.parse(previous) + 1)).toISOString();
  }

  return {
    own,

    async list(hostId: string): Promise<HostExperienceListItem[]> {
      const items: HostExperienceListItem[] = [];
      let cursor: string | undefined;
      do {
        const page = await deps.experiences.listByHost(hostId, { limit: 100, cursor });
        for (const e of page.items) {
          const { image } = toCard(e);
          items.push({
            id: e.id,
            title: e.title,
            image,
            publicationStatus: e.publicationStatus,
            price: e.price,
            createdAt: e.createdAt,
          });
        }
        cursor = page.cursor;
      } while (cursor);
      return items;
    },

    async get(hostId: string, id: string): Promise<HostExperienceView> {
      return view(await own(hostId, id));
    },

    async create(hostId: string, input: unknown): Promise<HostExperienceView> {
      // Before the form's checks (as on edit): however complete the form, an unapproved host cannot publish it yet.
      const asksToPublish =
        typeof input === 'object' &&
        input !== null &&
        'publicationStatus' in input &&
        input.publicationStatus === 'public';
      if (asksToPublish) await checkMayPublish(hostId);
      const form = parseOrThrow(experienceCreateFormSchemaJa, input, BACK_OFFICE_INVALID_REQUEST);
      await checkPolicyNotes(hostId, form);
      await checkCategories(form.categoryIds);
      const { images, published } = await publishImages(hostId, form, new Set());
      const now = deps.clock().toISOString();
      const experience: Experience = {
        ...contentOf(form),
        ...images,
        id: deps.newId(),
        hostId,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await deps.experiences.create(experience, form.categoryIds);
      } catch (e) {
        await discard(published, 'Images of an experience that could not be created were left', hostId);
        throw e;
      }
      // A private draft shows on no card: home, the list and the sitemap stay as they are (issue 33).
      await announcePageChange(deps, {
        kind: 'experience',
        experienceId: experience.id,
        cardChanged: experience.publicationStatus === 'public',
      });
      return { ...experience, categoryIds: form.categoryIds };
    },

    async update(hostId: string, id: string, patch: ExperiencePatch): Promise<HostExperienceView> {
      const { expectedUpdatedAt, ...changes } = patch;
      const current = await own(hostId, id);
      const currentCategories = await deps.experiences.categoryIdsOf(id);
      if (current.updatedAt !== expectedUpdatedAt) {
        throw new DomainError('stale', EXPERIENCE_CHANGED_MESSAGE);
      }
      // Before the form's checks: however complete the form, an unapproved host cannot publish it yet.
      if (changes.publicationStatus === 'public' && current.publicationStatus !== 'public') {
        await checkMayPublish(hostId);
      }
      const form = parseOrThrow(
        experienceEditFormSchemaJa,
        { ...formValuesOf(current, currentCategories), ...changes },
        BACK_OFFICE_INVALID_REQUEST,
      );
      if ('cancellationPolicy' in changes || 'refundRule' in changes) await checkPolicyNotes(hostId, form);
      await checkCapacityNotBelowOverlap(current, form.availability.capacity);
      const categoriesChanged = 'categoryIds' in changes;
      if (categoriesChanged) await checkCategories(form.categoryIds);
      const { images, published } = await publishImages(hostId, form, new Set(imagesOf(current)));
      const next: Experience = {
        ...current,
        ...contentOf(form),
        ...images,
        updatedAt: nextUpdatedAt(current.updatedAt),
      };
      try {
        await deps.experiences.update(
          next,
          categoriesChanged ? form.categoryIds : undefined,
          expectedUpdatedAt,
        );
      } catch (e) {
        await discard(published, 'Images of a save that failed could not be deleted', hostId);
        throw e;
      }
      await announcePageChange(deps, {
        kind: 'experience',
        experienceId: id,
        cardChanged: cardDataChanged(current, next),
      });
      const stillShown = new Set(imagesOf(next));
      await discard(
        imagesOf(current).filter((url) => !stillShown.has(url)),
        'Images removed from an experience could not be deleted',
        hostId,
      );
      return { ...next, categoryIds: categoriesChanged ? form.categoryIds : currentCategories };
    },

    /**
     * A private copy of the host's experience (operator feature of issue 21): every field, the rule and the
     * categories, with its own copies of the photos; not its slot overrides or bookings. Its title is marked
     * （コピー） so the host tells the two apart.
     */
    async duplicate(hostId: string, id: string): Promise<HostExperienceView> {
      const original = await own(hostId, id);
      const categoryIds = await deps.experiences.categoryIdsOf(id);
      const copies = new Map<string, string>();
      const sources = [...new Set(imagesOf(original))];
      try {
        for (let i = 0; i < sources.length; i += PUBLISH_CONCURRENCY) {
          await Promise.all(
            sources.slice(i, i + PUBLISH_CONCURRENCY).map(async (url) => {
              copies.set(url, await deps.images.copy(url));
            }),
          );
        }
      } catch (e) {
        await discard(
          copiedOnly(copies),
          'Photos copied for a failed duplicate could not be deleted',
          hostId,
        );
        throw e;
      }
      const copied = (url: string | null) => (url === null ? null : (copies.get(url) ?? url));
      const now = deps.clock().toISOString();
      const copy: Experience = {
        ...original,
        id: deps.newId(),
        title: `${original.title.slice(0, MAX_TITLE_LENGTH - COPY_TITLE_SUFFIX.length)}${COPY_TITLE_SUFFIX}`,
        publicationStatus: 'private',
        mainImages: original.mainImages.map((url) => copied(url) as string),
        detailImage1: copied(original.detailImage1),
        detailImage2: copied(original.detailImage2),
        createdAt: now,
        updatedAt: now,
      };
      try {
        await deps.experiences.create(copy, categoryIds);
      } catch (e) {
        await discard(
          copiedOnly(copies),
          'Photos of a duplicate that could not be created were left',
          hostId,
        );
        throw e;
      }
      return { ...copy, categoryIds };
    },

    /**
     * Refused while a request waits for the host or an approved booking is still to come (unpublishing is the way
     * to stop new requests); otherwise the experience, its card, its links, its future slot items and its images
     * go. Past bookings keep the title and price they were made with.
     */
    async delete(hostId: string, id: string): Promise<void> {
      const experience = await own(hostId, id);
      const today = dateInZone(deps.clock(), TOKYO_TIME_ZONE);
      const open = (await deps.bookings.listByHostTourDates(hostId, today, '9999-12-31')).filter(
        (b) => b.experienceId === id && (b.status === 'pending' || b.status === 'approved'),
      );
      if (open.length > 0) {
        throw new DomainError('state_conflict', EXPERIENCE_HAS_OPEN_BOOKINGS_MESSAGE);
      }
      await deps.experiences.delete(id);
      await announcePageChange(deps, {
        kind: 'experience',
        experienceId: id,
        cardChanged: experience.publicationStatus === 'public',
      });
      await deps.slots.deleteFrom(id, today);
      await discard(imagesOf(experience), 'Images of a deleted experience could not be deleted', hostId);
    },
  };
}

export type HostExperiences = ReturnType<typeof makeHostExperiences>;
