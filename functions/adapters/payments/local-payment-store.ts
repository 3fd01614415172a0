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
  /** Local only: this booking's refunds (at most one that did not fail, as with our Stripe gateway). */
  local_refunds?: LocalRefund[];
  /** Local only: authorised with the test card whose capture fails (to try the back office's 502 path). */
  local_capture_fails?: boolean;
  /** A destination charge (Stripe's `transfer_data`, `transfer_group`; the fee is set at capture). */
  transfer_data?: { destination: string } | null;
  transfer_group?: string | null;
  application_fee_amount?: number | null;
  /** The transfer to the destination made at capture (`tr_local_…`), what reversals reverse. */
  transfer?: string | null;
  /** Of the transfer: reversed so far; of the application fee: refunded so far. */
  local_transfer_reversed?: number;
  local_fee_refunded?: number;
  /** Local only: the reversal a lost dispute made (one per booking). */
  local_reversal?: string;
};

export type LocalRefund = {
  id: string;
  amount: number;
  created: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Made with `reverse_transfer` and `refund_application_fee`. */
  connected: boolean;
};

/** A connected account of the local gateway, with Stripe's field names where Stripe has them. */
export type LocalConnectedAccount = {
  id: string;
  object: 'account';
  email: string;
  business_profile: { name: string };
  country: 'JP';
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null };
  metadata: Record<string, string>;
  created: number;
  /** The bank account payouts go to, once onboarding gave one. */
  external_account: {
    bank_code: string;
    bank_name: string;
    branch_code: string;
    branch_name: string;
    last4: string;
    account_holder_name: string;
  } | null;
  /** Local only: the account's balance in yen (it can go negative, as Stripe's can after a reversal). */
  local_balance: number;
  /** Local only: every payout fails, as one to a closed or mistyped bank account does. */
  local_fail_payouts: boolean;
  /** Local only: onboarding link tokens, when they lapse (Unix seconds) and where they lead; used once. */
  local_links: Record<string, { expires: number; returnUrl: string; refreshUrl: string }>;
};

export type LocalPayout = {
  id: string;
  object: 'payout';
  amount: number;
  currency: 'jpy';
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  /** Unix seconds. */
  arrival_date: number;
  created: number;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  /** Local only: the connected account it pays out from. */
  local_account: string;
};

export type LocalDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  currency: 'jpy';
  charge: string;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  created: number;
  metadata: Record<string, string>;
};

/** The Connect objects of the local gateway, by id. */
export interface LocalConnectObjects {
  accounts: Record<string, LocalConnectedAccount>;
  payouts: Record<string, LocalPayout>;
  disputes: Record<string, LocalDispute>;
}

export interface LocalPaymentStore {
  get(id: string): Promise<LocalPaymentIntent | null>;
  /** The intent created for a booking (one per booking). */
  findByBookingId(bookingId: string): Promise<LocalPaymentIntent | null>;
  /** Inserts or replaces by id. */
  put(intent: LocalPaymentIntent): Promise<void>;
  /** Every intent (a local stack has a few hundred at most). */
  list(): Promise<LocalPaymentIntent[]>;
  /** Every Connect object (a local stack has a few dozen). */
  connect(): Promise<LocalConnectObjects>;
  /** Reads the Connect objects, lets `change` edit them, writes them back (one at a time per store). */
  updateConnect<T>(change: (objects: LocalConnectObjects) => T): Promise<T>;
}

const copy = <T>(value: T): T => structuredClone(value);
const emptyConnect = (): LocalConnectObjects => ({ accounts: {}, payouts: {}, disputes: {} });

export class InMemoryLocalPaymentStore implements LocalPaymentStore {
  private readonly intents = new Map<string, LocalPaymentIntent>();
  private objects = emptyConnect();

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

  async list(): Promise<LocalPaymentIntent[]> {
    return [...this.intents.values()].map(copy);
  }

  async connect(): Promise<LocalConnectObjects> {
    return copy(this.objects);
  }

  async updateConnect<T>(change: (objects: LocalConnectObjects) => T): Promise<T> {
    const next = copy(this.objects);
    const result = change(next);
    this.objects = next;
    return copy(result);
  }
}

interface StoreFile extends Partial<LocalConnectObjects> {
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
    return this.write((file) => {
      file.intents[intent.id] = copy(intent);
    });
  }

  async list(): Promise<LocalPaymentIntent[]> {
    return Object.values((await this.load()).intents);
  }

  async connect(): Promise<LocalConnectObjects> {
    const file = await this.load();
    return { accounts: file.accounts ?? {}, payouts: file.payouts ?? {}, disputes: file.disputes ?? {} };
  }

  updateConnect<T>(change: (objects: LocalConnectObjects) => T): Promise<T> {
    return this.write((file) => {
      const objects = {
        accounts: file.accounts ?? {},
        payouts: file.payouts ?? {},
        disputes: file.disputes ?? {},
      };
      const result = change(objects);
      Object.assign(file, objects);
      return copy(result);
    });
  }

  private write<T>(change: (file: StoreFile) => T): Promise<T> {
    const write = this.writes.then(async () => {
      const file = await this.load();
      const result = change(file);
      await this.save(file);
      return result;
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
    return { ...parsed, version: 1, intents: parsed.intents };
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
