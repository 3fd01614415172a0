/**
 * The local stack's in-process event bus and scheduler (stand-ins for EventBridge and EventBridge Scheduler):
 * publishing never runs the handler in the publisher's call, deliveries keep their order and carry EventBridge's
 * envelope, a failing delivery is retried and then dead-lettered, and the scheduler never overlaps runs.
 */
import { InProcessEventBus, LOCAL_EVENT_SOURCE } from '../../../scripts/local/event-bus';
import { startScheduler } from '../../../scripts/local/scheduler';
import type { EventBridgeEvent } from '../../../functions/events/payment-events';
import type { StripeLikeEvent } from '../../../functions/use-cases/ports';

const event = (id: string, type = 'payment_intent.amount_capturable_updated'): StripeLikeEvent => ({
  id,
  type,
  created: 1_750_000_000,
  data: { object: { id: 'pi_1', object: 'payment_intent', metadata: { bookingId: 'b1' } } },
});

describe('InProcessEventBus', () => {
  it('queues on publish and delivers later, in order, in an EventBridge envelope', async () => {
    const delivered: EventBridgeEvent<StripeLikeEvent>[] = [];
    const bus = new InProcessEventBus({ deliver: async (e) => void delivered.push(e) });
    await bus.publish(event('evt_1'));
    await bus.publish(event('evt_2', 'payment_intent.canceled'));
    // Publishing has returned, yet nothing was delivered in its call stack.
    expect(delivered).toEqual([]);
    await bus.idle();
    expect(delivered.map((e) => e.detail.id)).toEqual(['evt_1', 'evt_2']);
    expect(delivered[1]).toMatchObject({
      version: '0',
      'detail-type': 'payment_intent.canceled',
      source: LOCAL_EVENT_SOURCE,
      time: new Date(1_750_000_000 * 1000).toISOString(),
      detail: { id: 'evt_2' },
    });
    expect(delivered[0]!.id).not.toBe(delivered[1]!.id);
    expect(bus.stats).toMatchObject({ published: 2, delivered: 2, retried: 0, deadLettered: 0 });
  });

  it('retries a failing delivery and dead-letters it after the last attempt', async () => {
    let calls = 0;
    const lines: string[] = [];
    const bus = new InProcessEventBus({
      deliver: async (e) => {
        calls++;
        if (e.detail.id === 'evt_bad' || calls === 1) throw new Error('table unavailable');
      },
      maxAttempts: 3,
      retryDelayMs: 5,
      log: (line) => lines.push(line),
    });
    await bus.publish(event('evt_flaky'));
    await bus.idle();
    expect(bus.stats).toMatchObject({ delivered: 1, retried: 1, deadLettered: 0 });
    await bus.publish(event('evt_bad'));
    await bus.idle();
    expect(bus.stats).toMatchObject({ delivered: 1, retried: 3, deadLettered: 1 });
    expect(lines.at(-1)).toMatch(/evt_bad dead-lettered after 3 attempt/);
  });

  it('refuses events once stopped', async () => {
    const bus = new InProcessEventBus({ deliver: async () => {} });
    await bus.stop();
    await expect(bus.publish(event('evt_late'))).rejects.toThrow(/stopped/);
  });
});

describe('startScheduler', () => {
  it('runs on demand without overlapping a run in progress', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const scheduler = startScheduler({
      name: 'job',
      intervalMs: 60_000,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
        return ++runs;
      },
    });
    const results = await Promise.all([scheduler.runNow(), scheduler.runNow(), scheduler.runNow()]);
    expect(results).toEqual([1, 2, 3]);
    expect(maxActive).toBe(1);
    await scheduler.stop();
  });
});
