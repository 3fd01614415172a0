/** Recording fakes of the small ports: mailer, logger, event publisher, rate limiter, processed-event store. */
import type {
  Logger,
  MailMessage,
  Mailer,
  PaymentEventPublisher,
  ProcessedEventStore,
  LeaseDecision,
  LeaseLimiter,
  RateLimitDecision,
  RateLimiter,
  StripeLikeEvent,
} from '../../../functions/use-cases/ports';

export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** Addresses whose mail the fake refuses, as SES refuses an unverified or suppressed address. */
  readonly failFor = new Set<string>();
  async send(message: MailMessage): Promise<void> {
    if (this.failFor.has(message.to)) throw new Error(`Mail to ${message.to} refused`);
    this.sent.push(structuredClone(message));
  }
  to(address: string): MailMessage[] {
    return this.sent.filter((m) => m.to === address);
  }
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  context: Record<string, unknown> | undefined;
}

export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];
  info(message: string, context?: Record<string, unknown>) {
    this.entries.push({ level: 'info', message, context });
  }
  warn(message: string, context?: Record<string, unknown>) {
    this.entries.push({ level: 'warn', message, context });
  }
  error(message: string, context?: Record<string, unknown>) {
    this.entries.push({ level: 'error', message, context });
  }
  at(level: LogEntry['level']): LogEntry[] {
    return this.entries.filter((e) => e.level === level);
  }
}

export class RecordingEventPublisher implements PaymentEventPublisher {
  readonly events: StripeLikeEvent[] = [];
  async publish(event: StripeLikeEvent): Promise<void> {
    this.events.push(structuredClone(event));
  }
  ofType(type: string): StripeLikeEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}

/** Leases over an injected clock, with the semantics of `DynamoLeaseLimiter` (no concurrency to guard here). */
export class InMemoryLeaseLimiter implements LeaseLimiter {
  private readonly leases = new Map<string, Map<string, number>>();
  constructor(private readonly clock: () => Date) {}
  async acquire(
    key: string,
    leaseId: string,
    limit: number,
    expiresAt: Date,
    stillHeld: (leaseId: string) => Promise<boolean>,
  ): Promise<LeaseDecision> {
    const now = this.clock().getTime();
    const mine = this.leases.get(key) ?? new Map<string, number>();
    const live: [string, number][] = [];
    for (const [id, until] of mine) if (until > now && (await stillHeld(id))) live.push([id, until]);
    if (live.length >= limit) {
      const firstEnd = Math.min(...live.map(([, until]) => until));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((firstEnd - now) / 1000)) };
    }
    this.leases.set(key, new Map([...live, [leaseId, expiresAt.getTime()]]));
    return { allowed: true, retryAfterSeconds: 0 };
  }
  async release(key: string, leaseId: string): Promise<void> {
    this.leases.get(key)?.delete(leaseId);
  }
}

/** A fixed-window limiter over an injected clock, with the semantics of `DynamoRateLimiter`. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly counts = new Map<string, number>();
  constructor(private readonly clock: () => Date) {}
  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitDecision> {
    const now = Math.floor(this.clock().getTime() / 1000);
    const start = now - (now % windowSeconds);
    const id = `${key}#${start}`;
    const count = (this.counts.get(id) ?? 0) + 1;
    this.counts.set(id, count);
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: start + windowSeconds - now,
      windowStartSeconds: start,
    };
  }
  async refund(key: string, windowStartSeconds: number): Promise<void> {
    const id = `${key}#${windowStartSeconds}`;
    const count = this.counts.get(id) ?? 0;
    if (count > 0) this.counts.set(id, count - 1);
  }
}

export class InMemoryProcessedEventStore implements ProcessedEventStore {
  readonly marks = new Map<string, number>();
  async isProcessed(eventId: string): Promise<boolean> {
    return this.marks.has(eventId);
  }
  async markProcessed(eventId: string, ttlSeconds: number): Promise<boolean> {
    if (this.marks.has(eventId)) return false;
    this.marks.set(eventId, ttlSeconds);
    return true;
  }
}
