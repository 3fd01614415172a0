/**
 * The local stack's stand-in for EventBridge between the local payment gateway and the payment-event handler
 * (DESIGN §7). `publish` only queues the event and returns: delivery happens later, on its own turn of the event
 * loop, exactly as EventBridge delivers after `PutEvents` has answered. Running the handler inline would also
 * deadlock, because the handler re-reads the intent through the same gateway whose operation is publishing.
 *
 * Events are delivered one at a time, in order, wrapped in the envelope EventBridge gives a Lambda. A delivery that
 * throws is retried with a growing delay (EventBridge retries too); after the last attempt the event is logged as
 * dead-lettered, which is where AWS would park it in the dead-letter queue.
 */
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from '../../functions/events/payment-events';
import type { PaymentEventPublisher, StripeLikeEvent } from '../../functions/use-cases/ports';

export const LOCAL_EVENT_SOURCE = 'local.stripe';

export interface InProcessEventBusOptions {
  deliver: (envelope: EventBridgeEvent<StripeLikeEvent>) => Promise<unknown>;
  /** Attempts per event (the first included). */
  maxAttempts?: number;
  /** Delay before the n-th retry: `retryDelayMs * 2^(n-1)`. */
  retryDelayMs?: number;
  log?: (line: string) => void;
  region?: string;
}

export class InProcessEventBus implements PaymentEventPublisher {
  private readonly queue: { envelope: EventBridgeEvent<StripeLikeEvent>; attempt: number }[] = [];
  private draining: Promise<void> | null = null;
  private readonly waiters = new Set<() => void>();
  private pendingRetries = 0;
  private stopped = false;
  /** Counts of what happened, for tests and the start-up banner. */
  readonly stats = { published: 0, delivered: 0, retried: 0, deadLettered: 0 };

  constructor(private readonly options: InProcessEventBusOptions) {}

  async publish(event: StripeLikeEvent): Promise<void> {
    if (this.stopped) throw new Error('The local event bus is stopped');
    this.stats.published++;
    this.enqueue({
      envelope: {
        version: '0',
        id: randomUUID(),
        'detail-type': event.type,
        source: LOCAL_EVENT_SOURCE,
        account: '000000000000',
        time: new Date(event.created * 1000).toISOString(),
        region: this.options.region ?? 'ap-northeast-1',
        resources: [],
        // A copy: the publisher may reuse its object, and a real bus hands over serialised JSON anyway.
        detail: structuredClone(event),
      },
      attempt: 1,
    });
  }

  /** Resolves once every queued event (retries included) has been delivered or dead-lettered. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add(resolve));
  }

  /** Stops accepting events and waits for the ones already queued (retries are not waited for). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.draining;
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && this.draining === null && this.pendingRetries === 0;
  }

  private enqueue(item: { envelope: EventBridgeEvent<StripeLikeEvent>; attempt: number }): void {
    this.queue.push(item);
    // setImmediate: never in the publisher's call stack, always after its current operation has finished.
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  private async drain(): Promise<void> {
    for (let item = this.queue.shift(); item; item = this.queue.shift()) {
      try {
        await this.options.deliver(item.envelope);
        this.stats.delivered++;
      } catch (e) {
        this.onFailure(item, e);
      }
    }
    this.draining = null;
    this.notifyIfIdle();
  }

  private onFailure(item: { envelope: EventBridgeEvent<StripeLikeEvent>; attempt: number }, e: unknown) {
    const { envelope, attempt } = item;
    const reason = e instanceof Error ? e.message : String(e);
    if (attempt >= (this.options.maxAttempts ?? 3) || this.stopped) {
      this.stats.deadLettered++;
      this.options.log?.(
        `event bus: ${envelope['detail-type']} ${envelope.detail.id} dead-lettered after ${attempt} attempt(s): ${reason}`,
      );
      return;
    }
    this.stats.retried++;
    this.pendingRetries++;
    const delay = (this.options.retryDelayMs ?? 500) * 2 ** (attempt - 1);
    this.options.log?.(
      `event bus: ${envelope['detail-type']} ${envelope.detail.id} failed (${reason}); retry in ${delay} ms`,
    );
    setTimeout(() => {
      this.pendingRetries--;
      if (this.stopped) {
        this.stats.deadLettered++;
        this.notifyIfIdle();
        return;
      }
      this.enqueue({ envelope, attempt: attempt + 1 });
    }, delay).unref();
  }

  private notifyIfIdle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }
}
