/**
 * The DynamoDB adapters, wired. Nothing here runs at import time: the Lambda entry points (once per cold start),
 * the local stack's seeding and the tests each build a client and the repositories when they need them.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { callLimits } from '../outside-calls';
import type {
  BookingRepository,
  CategoryRepository,
  CounterRepository,
  ExperienceRepository,
  HostRepository,
  ReviewRepository,
  SlotRepository,
} from '../../use-cases/ports';
import type { DueWorkRepository } from '../../use-cases/due-work-ports';
import { DynamoBookingRepository } from './booking-repository';
import { DynamoDueWorkRepository } from './due-work-repository';
import { DynamoCategoryRepository } from './category-repository';
import { DynamoCounterRepository } from './counter-repository';
import { DynamoExperienceRepository } from './experience-repository';
import { DynamoHostRepository } from './host-repository';
import { DynamoReviewRepository } from './review-repository';
import { DynamoSlotRepository } from './slot-repository';

export interface DynamoRepositories {
  experiences: ExperienceRepository;
  categories: CategoryRepository;
  hosts: HostRepository;
  slots: SlotRepository;
  bookings: BookingRepository;
  /** What the scheduled jobs owe work, by when it falls due (issue 33). */
  due: DueWorkRepository;
  counters: CounterRepository;
  reviews: ReviewRepository;
}

export interface DynamoRepositoriesOptions {
  doc: DynamoDBDocumentClient;
  tableName: string;
  /**
   * Items per transaction. The default, 10, is what DynamoDB Local 1.11.478 accepts; DynamoDB itself takes 100,
   * and passing 100 in AWS keeps an experience with many categories in one transaction.
   */
  maxTransactionItems?: number;
}

export function createDynamoRepositories({
  doc,
  tableName,
  maxTransactionItems,
}: DynamoRepositoriesOptions): DynamoRepositories {
  return {
    experiences: new DynamoExperienceRepository(doc, tableName, maxTransactionItems),
    categories: new DynamoCategoryRepository(doc, tableName),
    hosts: new DynamoHostRepository(doc, tableName),
    slots: new DynamoSlotRepository(doc, tableName),
    bookings: new DynamoBookingRepository(doc, tableName),
    due: new DynamoDueWorkRepository(doc, tableName),
    counters: new DynamoCounterRepository(doc, tableName),
    reviews: new DynamoReviewRepository(doc, tableName),
  };
}

export interface DocumentClientOptions {
  /** DynamoDB Local's URL; absent in AWS. */
  endpoint?: string;
  /** Absent: the SDK's default (AWS_REGION in Lambda). */
  region?: string;
  /** Absent: the SDK's default chain (the function's role in Lambda). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /**
   * Bound every call in time (`CALL_LIMITS.dynamodb`), as the functions' clients do, so a stalled table becomes a
   * quick 503. Absent: the SDK's defaults, which wait as long as it takes (seeding and migration scripts).
   */
  bounded?: boolean;
  /** With `bounded`: another per-attempt bound (to connect and to answer) than `CALL_LIMITS.dynamodb` (local tests). */
  requestTimeoutMs?: number;
}

function boundedCalls(requestTimeoutMs: number | undefined) {
  const limits = callLimits('dynamodb');
  if (requestTimeoutMs === undefined) return limits;
  return {
    ...limits,
    requestHandler: {
      ...limits.requestHandler,
      // DynamoDB Local under load is slow to accept a connection as well as to answer.
      connectionTimeout: requestTimeoutMs,
      requestTimeout: requestTimeoutMs,
      socketTimeout: requestTimeoutMs,
    },
  };
}

export function createDocumentClient(options: DocumentClientOptions = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.region ? { region: options.region } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.bounded ? boundedCalls(options.requestTimeoutMs) : {}),
  });
  // Optional entity fields may be undefined; they are left out of the item rather than failing the write.
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  // The document client's own destroy() is a no-op; scripts that are done with this one close its sockets too.
  doc.destroy = () => client.destroy();
  return doc;
}
