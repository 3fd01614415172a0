import { bookableSlots } from '../domain/availability';
import { TOKYO_TIME_ZONE, addDays, bookableWindow, clipRange } from '../domain/calendar';
import { TOUR_DAYS_AFTER_START } from '../domain/tour-span';
import type { AvailabilityQuery } from '../domain/schemas/catalogue';
import type { ExperienceRepository, HostRepository, SlotRepository } from './ports';
import { loadPublishedExperience } from './published-experience';

export interface AvailabilityAnswer {
  timeZone: typeof TOKYO_TIME_ZONE;
  /** `yyyy-MM-dd` → free slot starts (`HH:mm`), sorted; only dates with at least one free slot. */
  dates: Record<string, string[]>;
}

/**
 * `GET /api/experiences/{id}/availability?from&to`: the rule's starts whose tour ends by closing, minus closed
 * ones and those whose time (tour and buffer) overlaps `capacity` tours somewhere, in the part of
 * `from`..`to` inside the bookable window (Tokyo: today + 3 days … today + 85 days). A missing bound is the
 * window's own, so no range at all is the whole window. A range wholly outside the window is an empty answer, not
 * an error: the calendar simply has nothing to offer there.
 */
export function makeGetAvailability(deps: {
  experiences: ExperienceRepository;
  hosts: Pick<HostRepository, 'suspensionOf'>;
  slots: SlotRepository;
  clock: () => Date;
}) {
  return async function getAvailability(
    experienceId: string,
    query: AvailabilityQuery,
  ): Promise<AvailabilityAnswer> {
    const experience = await loadPublishedExperience(deps, experienceId);
    const window = bookableWindow(deps.clock(), TOKYO_TIME_ZONE);
    const range = clipRange({ from: query.from ?? window.from, to: query.to ?? window.to }, window);
    if (!range) return { timeZone: TOKYO_TIME_ZONE, dates: {} };
    // Only the clipped range is read: a request for ten years costs no more than one for the window. The tour
    // days run two days further: a tour starting on the last day (and its buffer) may hold time up to then.
    const [states, days] = await Promise.all([
      deps.slots.listStates(experience.id, range.from, range.to),
      deps.slots.listTourDays(experience.id, range.from, addDays(range.to, TOUR_DAYS_AFTER_START)),
    ]);
    const dates = bookableSlots({
      rule: experience.availability,
      durationMinutes: experience.durationMinutes,
      from: range.from,
      to: range.to,
      window,
      states,
      days,
    });
    return { timeZone: TOKYO_TIME_ZONE, dates };
  };
}
