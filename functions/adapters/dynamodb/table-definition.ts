/**
 * The single table, described once. CDK (`lib/data-construct.ts`), the local stack and the tests all create the
 * table from this definition, so the key schema cannot drift between AWS and the machines we test on.
 */
export const TABLE_PARTITION_KEY = 'PK';
export const TABLE_SORT_KEY = 'SK';
/** Epoch seconds; DynamoDB deletes the item some time after (rate-limit windows, processed-event markers). */
export const TTL_ATTRIBUTE = 'expiresAt';

export interface IndexDefinition {
  name: string;
  partitionKey: string;
  sortKey: string;
  /** What the index holds besides its keys: everything (the default), or only the keys (the job reads the rest). */
  projection?: 'ALL' | 'KEYS_ONLY';
}

/**
 * Generic, overloaded global secondary indexes. What each serves is listed in `keys.ts`; every index projects
 * all attributes (items are small and every query returns whole entities), except GSI8 ("work due", issue 33):
 * only keys, because a job reads its due bookings' keys and then gets just the ones it acts on.
 */
export const GLOBAL_INDEXES = [
  { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  { name: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK' },
  { name: 'GSI6', partitionKey: 'GSI6PK', sortKey: 'GSI6SK' },
  { name: 'GSI7', partitionKey: 'GSI7PK', sortKey: 'GSI7SK' },
  { name: 'GSI8', partitionKey: 'GSI8PK', sortKey: 'GSI8SK', projection: 'KEYS_ONLY' },
] as const satisfies readonly IndexDefinition[];

export type IndexName = (typeof GLOBAL_INDEXES)[number]['name'];

/** Every key attribute is a string. */
export const KEY_ATTRIBUTES: string[] = [
  TABLE_PARTITION_KEY,
  TABLE_SORT_KEY,
  ...GLOBAL_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey]),
];

export const projectionOf = (index: IndexDefinition): 'ALL' | 'KEYS_ONLY' => index.projection ?? 'ALL';

/** The CreateTable input the local stack and the tests use (on-demand, like production). */
export function createTableInput(tableName: string) {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: KEY_ATTRIBUTES.map((AttributeName) => ({
      AttributeName,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: TABLE_PARTITION_KEY, KeyType: 'HASH' as const },
      { AttributeName: TABLE_SORT_KEY, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: GLOBAL_INDEXES.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: projectionOf(i) },
    })),
  };
}
