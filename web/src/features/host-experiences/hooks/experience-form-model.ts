/**
 * The experience form's values: what a new form starts with, what an experience loads as, and the edit's request
 * (react-hook-form's dirty fields, taken from the validated form, plus the version the form was loaded at).
 */
import type { FieldNamesMarkedBoolean } from 'react-hook-form';
import type { HostExperienceView, HostView } from '@domain/back-office-views';
import { defaultRefundRule, type RefundRule } from '@domain/refund-rule';
import type { ExperienceFormData, ExperienceFormValues } from '@domain/schemas/experience-form';
import { experienceFormDefaults } from '@domain/schemas/experience-form';
import type { ExperiencePatch } from '@domain/schemas/host-api';

/**
 * Form state: text inputs hold strings (never null, so React keeps them controlled) and numbers are typed as text;
 * the schema turns blanks into null and digits into numbers.
 */
export type ExperienceFormState = ExperienceFormValues & {
  price: string;
  participantsMin: string;
  participantsMax: string;
  refundRule: RefundTierText[];
  /** The tour's length in minutes (two selects: hours and minutes). */
  durationMinutes: number;
};

/** One tier of the refund rule as its two inputs hold it. */
export interface RefundTierText {
  daysBefore: string;
  refundPercentage: string;
}

/** The host profile's cancellation policy, which a new rule starts from (DESIGN §4c). */
export type HostPolicy = HostView['cancellationPolicy'] | undefined;

const text = (v: string | null | undefined) => v ?? '';

const tiersAsText = (rule: RefundRule): RefundTierText[] =>
  rule.map((t) => ({ daysBefore: String(t.daysBefore), refundPercentage: String(t.refundPercentage) }));

export function newExperienceValues(hostPolicy?: HostPolicy): ExperienceFormState {
  return {
    title: '',
    description: '',
    price: '',
    mainImages: [],
    movie: '',
    detailHeading1: '',
    detailText1: '',
    detailImage1: null,
    detailHeading2: '',
    detailText2: '',
    detailImage2: null,
    postalCode: '',
    prefecture: '',
    city: '',
    district: '',
    streetAddress: '',
    building: '',
    mapLat: null,
    mapLng: null,
    cancellationPolicy: '',
    refundRule: tiersAsText(defaultRefundRule(hostPolicy)),
    tags: [],
    thingsToKnowPrice: '',
    thingsToKnowItinerary: '',
    thingsToKnowClothes: '',
    thingsToKnowNote: '',
    participantsMin: String(experienceFormDefaults.participantsMin),
    participantsMax: String(experienceFormDefaults.participantsMax),
    publicationStatus: experienceFormDefaults.publicationStatus,
    durationMinutes: experienceFormDefaults.durationMinutes,
    availability: {
      ...experienceFormDefaults.availability,
      defaultHours: { ...experienceFormDefaults.availability.defaultHours },
      regularHolidays: [...experienceFormDefaults.availability.regularHolidays],
      closedOnNationalHolidays: false,
    },
    categoryIds: [],
  };
}

/** The form of a stored experience; without a rule of its own, the one it has in effect (the host's policy). */
export function experienceValuesOf(view: HostExperienceView, hostPolicy?: HostPolicy): ExperienceFormState {
  return {
    title: view.title,
    description: view.description,
    price: String(view.price),
    mainImages: [...view.mainImages],
    movie: text(view.movie),
    detailHeading1: text(view.detailHeading1),
    detailText1: text(view.detailText1),
    detailImage1: view.detailImage1,
    detailHeading2: text(view.detailHeading2),
    detailText2: text(view.detailText2),
    detailImage2: view.detailImage2,
    postalCode: view.postalCode,
    prefecture: view.prefecture,
    city: view.city,
    district: view.district,
    streetAddress: view.streetAddress,
    building: text(view.building),
    mapLat: view.mapLat,
    mapLng: view.mapLng,
    cancellationPolicy: text(view.cancellationPolicy),
    refundRule: tiersAsText(view.refundRule ?? defaultRefundRule(hostPolicy)),
    tags: [...view.tags],
    thingsToKnowPrice: text(view.thingsToKnowPrice),
    thingsToKnowItinerary: text(view.thingsToKnowItinerary),
    thingsToKnowClothes: text(view.thingsToKnowClothes),
    thingsToKnowNote: text(view.thingsToKnowNote),
    participantsMin: String(view.participantsMin),
    participantsMax: String(view.participantsMax),
    publicationStatus: view.publicationStatus,
    durationMinutes: view.durationMinutes,
    availability: {
      ...view.availability,
      defaultHours: { ...view.availability.defaultHours },
      regularHolidays: [...view.availability.regularHolidays],
      closedOnNationalHolidays: view.availability.closedOnNationalHolidays ?? false,
    },
    categoryIds: [...view.categoryIds],
  };
}

/** `true` when a react-hook-form dirty marker (boolean, array or object of them) marks anything as changed. */
function anyDirty(marker: unknown): boolean {
  if (marker === true) return true;
  if (Array.isArray(marker)) return marker.some(anyDirty);
  if (marker && typeof marker === 'object') return Object.values(marker).some(anyDirty);
  return false;
}

/** The top-level fields the host changed (react-hook-form's dirty fields). */
export function changedFields(
  dirty: Partial<Readonly<FieldNamesMarkedBoolean<ExperienceFormState>>>,
): (keyof ExperienceFormData)[] {
  return Object.entries(dirty)
    .filter(([, marker]) => anyDirty(marker))
    .map(([name]) => name as keyof ExperienceFormData);
}

/** `PATCH /api/host/experiences/{id}`: exactly the changed fields, validated, and the version they apply to. */
export function experiencePatch(
  data: ExperienceFormData,
  changed: readonly (keyof ExperienceFormData)[],
  expectedUpdatedAt: string,
): ExperiencePatch {
  const patch: Record<string, unknown> = { expectedUpdatedAt };
  for (const name of changed) patch[name] = data[name];
  return patch as ExperiencePatch;
}
