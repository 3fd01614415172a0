/**
 * The port of an experience's calendar state (DESIGN §3, §4j): the starts' overrides and counters, and the tour
 * days that count how many tours hold each quarter hour. Apart from `ports.ts` (the known debt: one file per job).
 */
import type { TourDay } from '../domain/availability';
import type { SlotState } from '../domain/entities';
import type { DayQuarters, TourTiming } from '../domain/tour-span';

export interface SlotOverride {
  /** `true` closes the start, `false` reopens it, absent leaves it as it is. */
  blocked?: boolean;
  /** A capacity for this one start; `null` returns to the rule's capacity; absent leaves it as it is. */
  capacity?: number | null;
  /**
   * The capacity the start will have after this change (the override, or the rule's when returning to it). The
   * write is conditional on no quarter of `heldQuarters` (the time a tour started here holds) being held by more
   * tours than this, nor more tours starting here: `state_conflict` otherwise, so a capacity never goes under what
   * overlapping bookings already use, even against a booking at the same moment.
   */
  resultingCapacity?: number;
  /** The quarter hours a tour started here would hold (with `resultingCapacity`). */
  heldQuarters?: readonly DayQuarters[];
}

export interface SlotRepository {
  /** Stored start states (counters and overrides) of the dates `from`..`to` inclusive, ordered by date and time. */
  listStates(experienceId: string, from: string, to: string): Promise<SlotState[]>;
  /** Stored tour days of `from`..`to` inclusive (days nobody holds and nobody closed have none), by date. */
  listTourDays(experienceId: string, from: string, to: string): Promise<TourDay[]>;
  /**
   * One start's state and the tour days a tour there would hold (`tour`: its start, length and buffer), read
   * strongly consistent: what a booking looks at before its transaction, so a full start is refused at once
   * (issue 33). Only a refusal may come of it; the transaction alone decides a free start.
   */
  readTour(experienceId: string, tour: TourTiming): Promise<{ state: SlotState; days: TourDay[] }>;
  setOverride(experienceId: string, date: string, time: string, override: SlotOverride): Promise<SlotState>;
  /**
   * Closes (or reopens) a whole day: no tour may start on it, whatever start times the rule has then. Tours already
   * booked stay, and tours of the day before may still run into it.
   */
  setDayClosed(experienceId: string, date: string, closed: boolean): Promise<void>;
  /** Deletes the start items and tour days of `fromDate` and later (a deleted experience's future). */
  deleteFrom(experienceId: string, fromDate: string): Promise<number>;
}
