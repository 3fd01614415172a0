/**
 * TransactWriteItems with the two things every caller needs: the cancellation reasons as a list of codes (one per
 * item, in order), and bounded, jittered retries of transaction conflicts, which DynamoDB reports when another
 * transaction or write touches one of the items at the same moment and which say nothing about our conditions.
 */
import type { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DomainError } from '../../domain/errors';
import { randomUUID } from 'node:crypto';
import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const CONDITION_FAILED = 'ConditionalCheckFailed';

/**
 * A single write's condition failed (`ConditionalCheckFailedException`). By name, not `instanceof`: the document
 * client and a bundled copy of the SDK may not share the class.
 */
export const isConditionalCheckFailed = (e: unknown): e is ConditionalCheckFailedException =>
  (e as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
const CONFLICT = 'TransactionConflict';
const RETRYABLE_ERRORS = new Set(['TransactionConflictException', 'TransactionInProgressException']);

export const DEFAULT_TRANSACTION_ATTEMPTS = 8;

/** The transaction was cancelled; `codes[i]` is the reason of item `i` (`None` for an item that was fine). */
export class TransactionCancelledError extends Error {
  readonly codes: string[];
  constructor(codes: string[], cause: unknown) {
    super(`Transaction cancelled: [${codes.join(', ')}]`, { cause });
    this.name = 'TransactionCancelledError';
    this.codes = codes;
  }
  conditionFailedAt(index: number): boolean {
    return this.codes[index] === CONDITION_FAILED;
  }
}

/**
 * The transaction kept conflicting with concurrent writes after every attempt. Nothing was written; the request
 * may simply be tried again (an API maps it to 503, not to a conflict of the caller's making).
 */
/** A 503 for the client: nothing was written, and trying again shortly will most likely succeed. */
export class TransactionContendedError extends DomainError {
  readonly attempts: number;
  constructor(attempts: number, cause: unknown) {
    super(
      'service_unavailable',
      `The write kept conflicting with concurrent writes after ${attempts} attempts; try again`,
      undefined,
      {
        cause,
      },
    );
    this.name = 'TransactionContendedError';
    this.attempts = attempts;
  }
}

interface AwsError {
  name?: string;
  message?: string;
  CancellationReasons?: { Code?: string }[];
}

/** The per-item codes of a TransactionCanceledException, or null for any other error. */
export function cancellationCodes(error: unknown): string[] | null {
  const e = error as AwsError;
  if (e?.name !== 'TransactionCanceledException') return null;
  if (Array.isArray(e.CancellationReasons)) return e.CancellationReasons.map((r) => r.Code ?? 'None');
  // Older servers put the reasons only in the message: "... reasons [ConditionalCheckFailed, None]".
  const listed = /\[([^\]]*)\]\s*$/.exec(e.message ?? '');
  return listed?.[1] ? listed[1].split(',').map((s) => s.trim()) : [];
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): spreads the retries of a crowd apart. */
const backoff = (attempt: number) => Math.random() * Math.min(1000, 25 * 2 ** attempt);

/**
 * Runs the transaction built by `build` (called again for every attempt, so an attempt may choose fresh counter
 * shards). Throws TransactionCancelledError when a condition (or anything other than a conflict) cancelled it,
 * TransactionContendedError when conflicts outlasted the attempts, and any other error unchanged. `afterConflict`
 * runs after each conflict, before the next attempt: it may throw to end the retries with an answer of its own
 * (a full slot's 409 instead of retrying into a 503).
 */
export async function transactWrite(
  doc: DynamoDBDocumentClient,
  build: () => TransactItem[],
  attempts = DEFAULT_TRANSACTION_ATTEMPTS,
  afterConflict?: () => Promise<void>,
): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) {
      if (afterConflict) await afterConflict();
      await delay(backoff(attempt));
    }
    try {
      // A token per attempt makes the SDK's own retries of this attempt (after a lost response) idempotent.
      await doc.send(new TransactWriteCommand({ TransactItems: build(), ClientRequestToken: randomUUID() }));
      return;
    } catch (error) {
      lastError = error;
      const codes = cancellationCodes(error);
      if (codes) {
        const onlyConflicts = codes.includes(CONFLICT) && codes.every((c) => c === CONFLICT || c === 'None');
        if (!onlyConflicts) throw new TransactionCancelledError(codes, error);
        continue;
      }
      if (RETRYABLE_ERRORS.has((error as AwsError)?.name ?? '')) continue;
      throw error;
    }
  }
  throw new TransactionContendedError(attempts, lastError);
}

/**
 * DynamoDB Local 1.11.478 (the local stack and the tests) accepts at most 10 items per transaction, the limit
 * DynamoDB itself had until 2022 (it now takes 100). Writes that can grow past it (an experience and its category
 * links) go through `transactWriteInChunks`.
 */
export const DEFAULT_MAX_TRANSACTION_ITEMS = 10;

/**
 * Writes `items` in one transaction when they fit, otherwise the first `maxItems` in one transaction (put the
 * conditional, deciding items first: their failure stops everything, and cancellation indexes refer to them) and
 * the rest in follow-up transactions. The follow-ups must be idempotent repairs (link puts and deletes), so a
 * failure between chunks is mended by the next write of the same entity.
 */
export async function transactWriteInChunks(
  doc: DynamoDBDocumentClient,
  items: TransactItem[],
  maxItems = DEFAULT_MAX_TRANSACTION_ITEMS,
): Promise<void> {
  for (let i = 0; i < items.length; i += maxItems) {
    const chunk = items.slice(i, i + maxItems);
    await transactWrite(doc, () => chunk);
  }
}
