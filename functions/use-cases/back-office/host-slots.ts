/**
 * The host's availability editor (DESIGN §4b): the derived slots of any range with their counters, and the
 * overrides that close or reopen a slot, a day or a range of days, or give one slot another capacity.
 */
import { editorSlots, isRuleSlot } from '../../domain/availability';
import { TOKYO_TIME_ZONE, datesBetween, daysBetween } from '../../domain/calendar';
import type { Experience } from '../../domain/entities';
import { DomainError } from '../../domain/errors';
import {
  MAX_SLOT_RANGE_DAYS,
  type HostSlotsView,
  type SlotOverrideRequest,
} from '../../domain/schemas/host-api';
import type { SlotRepository } from '../ports';

export const SLOT_RANGE_TOO_LONG_MESSAGE = `一度に指定できるのは${MAX_SLOT_RANGE_DAYS}日までです`;
export const NOT_A_RULE_SLOT_MESSAGE = 'この時間は営業時間外のため設定できません';

/** Every hour of a day: closing a whole day closes them all, so later changes to the hours keep it closed. */
const ALL_HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** Slot writes at once when a day or a range closes (up to 24 per day). */
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

export function makeHostSlots(deps: HostSlotsDeps) {
  async function daysView(experience: Experience, from: string, to: string): Promise<HostSlotsView> {
    const states = await deps.slots.listStates(experience.id, from, to);
    const days: HostSlotsView['days'] = {};
    for (const date of datesBetween(from, to)) days[date] = [];
    for (const slot of editorSlots({ rule: experience.availability, from, to, states })) {
      days[slot.date]?.push({
        time: slot.time,
        capacity: slot.capacity,
        booked: slot.booked,
        blocked: slot.blocked,
        ...(slot.outsideRule ? { outsideRule: true as const } : {}),
      });
    }
    return { timeZone: TOKYO_TIME_ZONE, days };
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
        // One slot: it must be one the rule offers that day (a capacity on an hour that has no slot means nothing).
        if (!isRuleSlot(rule, request.date, request.time)) {
          throw new DomainError('validation_failed', NOT_A_RULE_SLOT_MESSAGE, {
            time: NOT_A_RULE_SLOT_MESSAGE,
          });
        }
        await deps.slots.setOverride(experienceId, request.date, request.time, {
          ...(request.blocked !== undefined ? { blocked: request.blocked } : {}),
          ...(request.capacity !== undefined
            ? { capacity: request.capacity, resultingCapacity: request.capacity ?? rule.capacity }
            : {}),
        });
        return daysView(experience, request.date, request.date);
      }

      // A day or a range of days: close or reopen every hour of each day.
      const blocked = request.blocked as boolean;
      const writes = datesBetween(request.date, toDate).flatMap((date) =>
        ALL_HOURS.map((time) => () => deps.slots.setOverride(experienceId, date, time, { blocked })),
      );
      for (let i = 0; i < writes.length; i += WRITE_CONCURRENCY) {
        await Promise.all(writes.slice(i, i + WRITE_CONCURRENCY).map((write) => write()));
      }
      return daysView(experience, request.date, toDate);
    },
  };
}

export type HostSlots = ReturnType<typeof makeHostSlots>;
