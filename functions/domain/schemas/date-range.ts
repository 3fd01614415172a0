/** A filter by a range of dates (tour dates of bookings and of earnings), with the back office's messages. */
import { compareDates, isCalendarDate } from '../calendar';

export const hostBookingsQueryMessages = {
  date: '日付を yyyy-MM-dd の形式で指定してください',
  rangeInverted: '「まで」の日付は「から」の日付以降にしてください',
  status: 'ステータスの指定が正しくありません',
  experienceId: '体験の指定が正しくありません',
} as const;

/** `from` after `to` (both valid dates): the range selects nothing and is refused. */
export const isDateRangeInverted = (from: string | undefined, to: string | undefined) =>
  from !== undefined &&
  to !== undefined &&
  isCalendarDate(from) &&
  isCalendarDate(to) &&
  compareDates(from, to) > 0;
