/**
 * The host's availability editor (DESIGN §4b, §4j): the rule's starts of any range with their counters (tours
 * starting there, and how many tours hold the busiest moment of a tour started there), and the overrides that close
 * or reopen a start, a day or a range of days, or give one start another capacity.
 */
import { editorSlots, isRuleSlot, ruleSlotTimes, tourAt } from '../../domain/availability';
import { TOKYO_TIME_ZONE, addDays, datesBetween, daysBetween } from '../../domain/calendar';
import type { Experience } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import {
  MAX_SLOT_RANGE_DAYS,
  type HostSlotsView,
  type SlotOverrideRequest,
} from '../../domain/schemas/host-api';
import { TOUR_DAYS_AFTER_START, heldQuarters } from '../../domain/tour-span';
import type { SlotRepository } from '../slot-ports';

export const SLOT_RANGE_TOO_LONG_MESSAGE = `一度に指定できるのは${MAX_SLOT_RANGE_DAYS}日までです`;
export const NOT_A_RULE_SLOT_MESSAGE = 'この時間は開始時刻ではないため設定できません';

/** Every hour of a day: reopening a day clears them all (days closed before whole-day closing existed). */
const ALL_HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** Start writes at once when a day or a range reopens (up to 24 per day). */
const WRITE_CONCURRENCY = 24;

export interface HostSlotsDeps {
  slots: SlotRepository;
  /** The host's own experience (404 otherwise), from the experiences use cases. */
  ownExperience: (hostId: string, id: string) => Promise<Experience>;
}

function checkRange(from: string, to: string): void {
  if (daysBetween(from, to) + 1 > MAX_SLOT_RANGE_DAYS) {
    throw new DomainError('validation_failed', SLOT_RANGE_TOO_LONG_MESSAGE, {
      to: SLOT_RANGE_TOO_LONG_MESSAGE,
    });
  }
}

async function inBatches(writes: (() => Promise<unknown>)[]): Promise<void> {
  for (let i = 0; i < writes.length; i += WRITE_CONCURRENCY) {
    await Promise.all(writes.slice(i, i + WRITE_CONCURRENCY).map((write) => write()));
  }
}

export function makeHostSlots(deps: HostSlotsDeps) {
  async function daysView(experience: Experience, from: string, to: string): Promise<HostSlotsView> {
    const [states, tourDays] = await Promise.all([
      deps.slots.listStates(experience.id, from, to),
      deps.slots.listTourDays(experience.id, from, addDays(to, TOUR_DAYS_AFTER_START)),
    ]);
    const days: HostSlotsView['days'] = {};
    for (const date of datesBetween(from, to)) days[date] = [];
    const slots = editorSlots({
      rule: experience.availability,
      durationMinutes: experience.durationMinutes,
      from,
      to,
      states,
      days: tourDays,
    });
    for (const slot of slots) {
      days[slot.date]?.push({
        time: slot.time,
        end: slot.end,
        ...(slot.endDayOffset > 0 ? { endDayOffset: slot.endDayOffset } : {}),
        capacity: slot.capacity,
        booked: slot.booked,
        inUse: slot.inUse,
        blocked: slot.blocked,
        ...(slot.outsideRule ? { outsideRule: true as const } : {}),
      });
    }
    return { timeZone: TOKYO_TIME_ZONE, durationMinutes: experience.durationMinutes, days };
  }

  /**
   * Reopens one start of a day the host closed whole: the day opens, and every other start the rule has that day
   * closes on its own, so only the one asked for opens.
   */
  async function reopenOneOfClosedDay(experience: Experience, date: string, time: string): Promise<void> {
    const others = ruleSlotTimes(experience.availability, date, experience.durationMinutes).filter(
      (t) => t !== time,
    );
    await inBatches(
      others.map((t) => () => deps.slots.setOverride(experience.id, date, t, { blocked: true })),
    );
    await deps.slots.setDayClosed(experience.id, date, false);
  }

  return {
    async list(hostId: string, experienceId: string, from: string, to: string): Promise<HostSlotsView> {
      const experience = await deps.ownExperience(hostId, experienceId);
      checkRange(from, to);
      return daysView(experience, from, to);
    },

    async set(hostId: string, experienceId: string, request: SlotOverrideRequest): Promise<HostSlotsView> {
      const experience = await deps.ownExperience(hostId, experienceId);
      const rule = experience.availability;
      const toDate = request.toDate ?? request.date;
      checkRange(request.date, toDate);

      if (request.time !== undefined) {
        const time = request.time;
        // One start: it must be one the rule offers that day (a capacity on a time nobody can start means nothing).
        if (!isRuleSlot(rule, request.date, time, experience.durationMinutes)) {
          throw new DomainError('validation_failed', NOT_A_RULE_SLOT_MESSAGE, {
            time: NOT_A_RULE_SLOT_MESSAGE,
          });
        }
        if (request.blocked === false) {
          const [day] = await deps.slots.listTourDays(experienceId, request.date, request.date);
          if (day?.closed) await reopenOneOfClosedDay(experience, request.date, time);
        }
        const resultingCapacity =
          request.capacity === undefined ? undefined : (request.capacity ?? rule.capacity);
        await deps.slots.setOverride(experienceId, request.date, time, {
          ...(request.blocked !== undefined ? { blocked: request.blocked } : {}),
          ...(request.capacity !== undefined && resultingCapacity !== undefined
            ? {
                capacity: request.capacity,
                resultingCapacity,
                // The time a tour started here holds: no moment of it may already hold more tours than that.
                heldQuarters: heldQuarters(tourAt(rule, experience, request.date, time)),
              }
            : {}),
        });
        return daysView(experience, request.date, request.date);
      }

      // A day or a range of days. Closing marks each day closed (one write a day): no start of it can be booked,
      // whatever start times the rule has later. Reopening clears the mark and every start closed on its own.
      const blocked = request.blocked as boolean;
      const dates = datesBetween(request.date, toDate);
      if (blocked) {
        await inBatches(dates.map((date) => () => deps.slots.setDayClosed(experienceId, date, true)));
      } else {
        await inBatches(
          dates.flatMap((date) => [
            () => deps.slots.setDayClosed(experienceId, date, false),
            ...[...new Set([...ALL_HOURS, ...ruleSlotTimes(rule, date, experience.durationMinutes)])].map(
              (time) => () => deps.slots.setOverride(experienceId, date, time, { blocked: false }),
            ),
          ]),
        );
      }
      return daysView(experience, request.date, toDate);
    },
  };
}

export type HostSlots = ReturnType<typeof makeHostSlots>;
