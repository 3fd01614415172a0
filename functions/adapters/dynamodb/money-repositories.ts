/** The money repositories on a document client (scripts, seeds and tests; functions use `money-adapters.ts`). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoMoneyRepository } from './money-repository';
import { DynamoPayoutProfileRepository } from './payout-profile-repository';

export function createMoneyRepositories(options: {
  doc: DynamoDBDocumentClient;
  tableName: string;
  maxTransactionItems?: number;
}) {
  return {
    payoutProfiles: new DynamoPayoutProfileRepository(options.doc, options.tableName),
    money: new DynamoMoneyRepository(options.doc, options.tableName, options.maxTransactionItems),
  };
}

export type MoneyRepositories = ReturnType<typeof createMoneyRepositories>;
