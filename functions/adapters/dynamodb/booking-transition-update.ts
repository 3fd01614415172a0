/**
 * The conditional update of a booking's transition (issue 33 split it out of `booking-repository.ts`): its status,
 * the index keys that follow the status (status list, deadline, the jobs' "work due" key) and what the transition
 * records (decision, cancellation, refusal), conditional on the statuses it may move from.
 */
import type { Booking, BookingStatus } from '../../domain/entities';
import type { BookingTransitionOptions } from '../../use-cases/ports';
import { dueWorkKeys, listingKeys, type ListingChange } from './booking-items';
import { keys } from './keys';

/** The statuses whose "work due" key is built from the tour (see `dueWorkKeys`). */
export const needsTour = (to: BookingStatus) => to === 'approved' || to === 'completed';

export function transitionUpdate(
  tableName: string,
  id: string,
  fromList: BookingStatus[],
  to: BookingStatus,
  options: BookingTransitionOptions,
  listing: ListingChange,
  tour: Booking | null,
) {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':to': to, ':now': options.now.toISOString() };
  const set = ['#status = :to', '#updatedAt = :now'];
  const remove: string[] = [];
  if (listing === 'listed') {
    values[':statusIndex'] = keys.bookingStatusIndex(to, id);
    set.push('GSI3PK = :statusIndex');
  } else if (typeof listing === 'object') {
    for (const [name, value] of Object.entries(listingKeys({ ...listing.becomesListed, status: to }))) {
      values[`:${name}`] = value;
      set.push(`${name} = :${name}`);
    }
  }
  // The jobs' "work due" key follows the status: put for approved and completed, gone otherwise (issue 33).
  const due = tour && needsTour(to) ? dueWorkKeys({ ...tour, status: to }) : {};
  if (due.GSI8PK) {
    values[':duePK'] = due.GSI8PK;
    values[':dueSK'] = due.GSI8SK;
    set.push('GSI8PK = :duePK', 'GSI8SK = :dueSK');
  } else remove.push('GSI8PK', 'GSI8SK');
  if (options.decidedBy !== undefined) {
    names['#decidedBy'] = 'decidedBy';
    names['#decidedAt'] = 'decidedAt';
    values[':decidedBy'] = options.decidedBy;
    values[':decidedAt'] = options.decidedBy ? options.now.toISOString() : null;
    set.push('#decidedBy = :decidedBy', '#decidedAt = :decidedAt');
  }
  if (options.deadline !== undefined) {
    names['#deadline'] = 'deadline';
    values[':deadline'] = options.deadline;
    set.push('#deadline = :deadline');
    if (options.deadline === null) remove.push('GSI5PK', 'GSI5SK');
    else {
      const index = keys.bookingDeadline(options.deadline, id);
      values[':deadlinePK'] = index.GSI5PK;
      values[':deadlineSK'] = index.GSI5SK;
      set.push('GSI5PK = :deadlinePK', 'GSI5SK = :deadlineSK');
    }
  }
  if (options.cancellation) {
    const c = options.cancellation;
    Object.assign(names, {
      '#cancelledBy': 'cancelledBy',
      '#cancellationReason': 'cancellationReason',
      '#cancelledAt': 'cancelledAt',
      '#refundAmount': 'refundAmount',
      '#refundStatus': 'refundStatus',
    });
    Object.assign(values, {
      ':cancelledBy': c.cancelledBy,
      ':cancellationReason': c.reason || null,
      ':refundAmount': c.refundAmount,
      ':refundStatus': c.refundStatus,
    });
    set.push(
      '#cancelledBy = :cancelledBy',
      '#cancellationReason = :cancellationReason',
      '#cancelledAt = :now',
      '#refundAmount = :refundAmount',
      '#refundStatus = :refundStatus',
    );
  }
  if (options.deniedMessage !== undefined) {
    names['#deniedMessage'] = 'deniedMessage';
    // DynamoDB Local refuses empty strings; an empty reason is no reason.
    values[':deniedMessage'] = options.deniedMessage || null;
    set.push('#deniedMessage = :deniedMessage');
  }
  const fromValues = fromList.map((_, i) => `:from${i}`);
  fromList.forEach((s, i) => (values[`:from${i}`] = s));
  return {
    TableName: tableName,
    Key: keys.booking(id),
    UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ConditionExpression: `attribute_exists(PK) AND #status IN (${fromValues.join(', ')})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
