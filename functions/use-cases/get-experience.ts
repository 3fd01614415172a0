import type { Experience, Host } from '../domain/entities';
import { defaultRefundRule, type RefundRule } from '../domain/refund-rule';
import { ratingSummary, type RatingSummary } from '../domain/reviews';
import type { ExperienceRepository, HostRepository, ReviewRepository } from './ports';
import { loadPublishedExperience } from './published-experience';

/** What guests see of a host (the detail page's host section and `GET /api/hosts/{id}`). */
export interface PublicHost {
  id: string;
  businessName: string;
  introduction: string | null;
  avatarUrl: string | null;
}

export const publicHost = (host: Host): PublicHost => ({
  id: host.id,
  businessName: host.businessName,
  introduction: host.introduction,
  avatarUrl: host.avatarUrl,
});

/**
 * The detail page's experience: every field of the experience (the weekly rule included, so the page can show
 * the participants range and the calendar asks the availability route for free slots), its category ids, and
 * the host's public fields (null when the host record is missing: the page hides the host section).
 */
export type ExperienceDetail = Experience & {
  categoryIds: string[];
  host: PublicHost | null;
  /** The refund rule a booking made now would get (the experience's own, else the host's policy). */
  refundRule: RefundRule;
  /** Once reviewed: the visible reviews' average and count. */
  rating?: RatingSummary;
};

/** `GET /api/experiences/{id}`: published experiences only; a private or missing one is `not_found`. */
export function makeGetExperience(deps: {
  experiences: ExperienceRepository;
  hosts: HostRepository;
  reviews?: Pick<ReviewRepository, 'experienceRatings'>;
}) {
  return async function getExperience(id: string): Promise<ExperienceDetail> {
    const experience = await loadPublishedExperience(deps, id);
    const [categoryIds, host, ratings] = await Promise.all([
      deps.experiences.categoryIdsOf(experience.id),
      deps.hosts.get(experience.hostId),
      deps.reviews?.experienceRatings([experience.id]),
    ]);
    const rating = ratingSummary(ratings?.get(experience.id));
    return {
      ...experience,
      categoryIds,
      host: host ? publicHost(host) : null,
      refundRule: experience.refundRule ?? defaultRefundRule(host?.cancellationPolicy),
      ...(rating ? { rating } : {}),
    };
  };
}
