/**
 * Payment events as a misbehaving delivery makes them arrive (DESIGN §4g: "duplicate and out-of-order events"), for
 * people and tests to see that nothing is done twice and nothing depends on order: `duplicate` publishes each event
 * twice; `held` keeps them back until `release()`, which publishes them newest first. `normal` passes them on.
 */
import type { PaymentEventPublisher, StripeLikeEvent } from '../../functions/use-cases/ports';

export class FaultyEventPublisher implements PaymentEventPublisher {
  private held: StripeLikeEvent[] = [];

  constructor(
    private readonly next: PaymentEventPublisher,
    private readonly mode: () => 'normal' | 'duplicate' | 'held',
  ) {}

  async publish(event: StripeLikeEvent): Promise<void> {
    const mode = this.mode();
    if (mode === 'held') {
      this.held.push(event);
      return;
    }
    await this.next.publish(event);
    if (mode === 'duplicate') await this.next.publish(event);
  }

  /** Publishes the held events, the newest first. */
  async release(): Promise<void> {
    const held = this.held.reverse();
    this.held = [];
    for (const event of held) await this.next.publish(event);
  }
}
