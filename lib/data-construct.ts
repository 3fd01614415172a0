import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import {
  GLOBAL_INDEXES,
  projectionOf,
  TABLE_PARTITION_KEY,
  TABLE_SORT_KEY,
  TTL_ATTRIBUTE,
} from '../functions/adapters/dynamodb/table-definition';

export interface DataConstructProps {
  retainData: boolean;
}

/** The single table, from the same definition the local stack and the tests use. */
export class DataConstruct extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataConstructProps) {
    super(scope, id);
    const str = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: TABLE_PARTITION_KEY, type: str },
      sortKey: { name: TABLE_SORT_KEY, type: str },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The mail outbox's sender reads new mail items from the stream (lib/mail-outbox-construct.ts).
      dynamoStream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      globalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: str },
        sortKey: { name: index.sortKey, type: str },
        projectionType:
          projectionOf(index) === 'KEYS_ONLY'
            ? dynamodb.ProjectionType.KEYS_ONLY
            : dynamodb.ProjectionType.ALL,
      })),
    });
  }
}
