/**
 * Where the local payment gateway keeps its intents: in memory (tests) or in a JSON file (the local stack, so an
 * authorisation made before a restart can still be captured or cancelled after it).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PaymentIntentStatus } from '../../use-cases/ports';

export interface LocalPaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

/**
 * A local intent with Stripe's field names, so the events the local gateway emits carry the same `data.object`
 * a Stripe event does. (A type alias, not an interface, so it fits the index signature of `StripeLikeObject`.)
 */
export type LocalPaymentIntent = {
  id: string;
  object: 'payment_intent';
  /** Whole yen. */
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: 'jpy';
  status: PaymentIntentStatus;
  capture_method: 'manual';
  client_secret: string;
  /** Unix seconds. */
  created: number;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  last_payment_error: LocalPaymentError | null;
  cancellation_reason: string | null;
  livemode: false;
  /** Whole yen refunded so far (Stripe's field on the charge, kept on the intent here). */
  amount_refunded?: number;
  /** Local only: the one refund of this booking (refunds are idempotent per booking, as with Stripe's key). */
  local_refund?: { id: string; amount: number; created: number };
  /** Local only: authorised with the test card whose capture fails (to try the back office's 502 path). */
  local_capture_fails?: boolean;
};

export interface LocalPaymentStore {
  get(id: string): Promise<LocalPaymentIntent | null>;
  /** The intent created for a booking (one per booking). */
  findByBookingId(bookingId: string): Promise<LocalPaymentIntent | null>;
  /** Inserts or replaces by id. */
  put(intent: LocalPaymentIntent): Promise<void>;
}

const copy = (intent: LocalPaymentIntent): LocalPaymentIntent => structuredClone(intent);

export class InMemoryLocalPaymentStore implements LocalPaymentStore {
  private readonly intents = new Map<string, LocalPaymentIntent>();

  async get(id: string): Promise<LocalPaymentIntent | null> {
    const intent = this.intents.get(id);
    return intent ? copy(intent) : null;
  }

  async findByBookingId(bookingId: string): Promise<LocalPaymentIntent | null> {
    for (const intent of this.intents.values()) {
      if (intent.metadata.bookingId === bookingId) return copy(intent);
    }
    return null;
  }

  async put(intent: LocalPaymentIntent): Promise<void> {
    this.intents.set(intent.id, copy(intent));
  }
}

interface StoreFile {
  version: 1;
  intents: Record<string, LocalPaymentIntent>;
}

/**
 * One JSON file holding every intent. Each write replaces the file atomically (write a temporary file beside it,
 * then rename), so a crash mid-write leaves the previous content, never a truncated file. Reads go to the file
 * each time, so two instances on the same file (the server and a script) see each other's writes; writes of
 * one instance are serialised. A local stack has a handful of intents, so rewriting the whole file is cheap.
 */
export class JsonFileLocalPaymentStore implements LocalPaymentStore {
  private writes: Promise<unknown> = Promise.resolve();
  private tempCounter = 0;

  constructor(private readonly path: string) {}

  async get(id: string): Promise<LocalPaymentIntent | null> {
    return (await this.load()).intents[id] ?? null;
  }

  async findByBookingId(bookingId: string): Promise<LocalPaymentIntent | null> {
    const { intents } = await this.load();
    return Object.values(intents).find((intent) => intent.metadata.bookingId === bookingId) ?? null;
  }

  put(intent: LocalPaymentIntent): Promise<void> {
    const write = this.writes.then(async () => {
      const file = await this.load();
      file.intents[intent.id] = copy(intent);
      await this.save(file);
    });
    // The chain must survive a failed write, or every later write would fail with it.
    this.writes = write.catch(() => undefined);
    return write;
  }

  private async load(): Promise<StoreFile> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, intents: {} };
      throw error;
    }
    const parsed = JSON.parse(text) as Partial<StoreFile>;
    if (parsed.version !== 1 || typeof parsed.intents !== 'object' || parsed.intents === null) {
      throw new Error(`${this.path} is not a local payment store file`);
    }
    return { version: 1, intents: parsed.intents };
  }

  private async save(file: StoreFile): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.${++this.tempCounter}.tmp`;
    try {
      await writeFile(temp, `${JSON.stringify(file, null, 2)}\n`, 'utf8');
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
