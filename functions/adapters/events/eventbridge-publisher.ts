import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { callLimits } from '../outside-calls';
import type { PaymentEventPublisher, StripeLikeEvent } from '../../use-cases/ports';
import {
  GUEST_PAGE_EVENT_SOURCE,
  GUEST_PAGE_EVENT_TYPE,
  type GuestPageChange,
  type GuestPageEvents,
} from '../../use-cases/refresh-guest-pages';

/**
 * Publishes Stripe events to our own bus in the shape Stripe's EventBridge destination uses (`detail-type` = the
 * Stripe event type, `detail` = the Stripe event), so one rule and one handler serve both delivery paths.
 */
export class EventBridgePaymentEventPublisher implements PaymentEventPublisher {
  constructor(
    private readonly options: { busName: string; source: string; client?: Pick<EventBridgeClient, 'send'> },
  ) {}

  private client?: Pick<EventBridgeClient, 'send'>;

  async publish(event: StripeLikeEvent): Promise<void> {
    this.client ??= this.options.client ?? new EventBridgeClient(callLimits('eventbridge'));
    const answer = await this.client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: this.options.busName,
            Source: this.options.source,
            DetailType: event.type,
            Detail: JSON.stringify(event),
            Time: new Date(event.created * 1000),
          },
        ],
      }),
    );
    if ((answer.FailedEntryCount ?? 0) > 0) {
      const entry = answer.Entries?.[0];
      throw new Error(
        `EventBridge refused the event ${event.id}: ${entry?.ErrorCode ?? ''} ${entry?.ErrorMessage ?? ''}`,
      );
    }
  }
}

/** Announces guest-page changes (issue 17) to the renderer's rule on our bus: one event per change. */
export class EventBridgePageEvents implements GuestPageEvents {
  constructor(private readonly options: { busName: string; client?: Pick<EventBridgeClient, 'send'> }) {}

  private client?: Pick<EventBridgeClient, 'send'>;

  async changed(change: GuestPageChange): Promise<void> {
    this.client ??= this.options.client ?? new EventBridgeClient(callLimits('eventbridge'));
    const answer = await this.client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: this.options.busName,
            Source: GUEST_PAGE_EVENT_SOURCE,
            DetailType: GUEST_PAGE_EVENT_TYPE,
            Detail: JSON.stringify(change),
          },
        ],
      }),
    );
    if ((answer.FailedEntryCount ?? 0) > 0) throw new Error('EventBridge refused the page event');
  }
}
