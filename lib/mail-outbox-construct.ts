import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface MailOutboxConstructProps {
  /** The table; its stream must carry new images. */
  table: dynamodb.ITable;
  /** The sender (`functions/events/send-mails.ts`). */
  sender: lambda.Function;
  /** How often the sender runs for retries. */
  retryIntervalMinutes?: number;
}

export const FAILED_MAILS_METRIC = { namespace: 'Marketplace', name: 'FailedMails' } as const;

/**
 * The mail outbox's delivery in AWS (DESIGN §4f):
 * - the table's stream, filtered on new mail items, invokes the sender at once (new mails go out in seconds);
 * - EventBridge Scheduler runs it every minute for retries (backoff times on the items) and for anything a stream
 *   batch could not take. Why stream + schedule rather than SQS: the mail item is written in the state change's
 *   own transaction, and a queue cannot join a DynamoDB transaction; the stream is that write's own change log,
 *   so nothing can be written without being seen. Retries live on the item (attempts, next attempt time), which
 *   the admin screen reads and resets; a queue's redrive would be a second, invisible copy of that state.
 * - a stream batch the sender could not process after its retries goes to a dead-letter queue (the scheduled
 *   run still delivers its mails: they stay due on the items);
 * - every mail the sender gives up on logs "Mail failed": a metric filter counts them for the alarm.
 */
export class MailOutboxConstruct extends Construct {
  readonly deadLetterQueue: sqs.Queue;
  readonly schedule: scheduler.Schedule;
  readonly failedMails: cloudwatch.Metric;

  constructor(scope: Construct, id: string, props: MailOutboxConstructProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'MailStreamDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    props.sender.addEventSource(
      new sources.DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 3,
        bisectBatchOnError: true,
        maxRecordAge: Duration.hours(1),
        onFailure: new sources.SqsDlq(this.deadLetterQueue),
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual('Mail') } } },
          }),
        ],
      }),
    );
    const interval = Duration.minutes(props.retryIntervalMinutes ?? 1);
    this.schedule = new scheduler.Schedule(this, 'SendDueMails', {
      description: 'Deliver due mails of the outbox (retries with backoff)',
      schedule: scheduler.ScheduleExpression.rate(interval),
      target: new targets.LambdaInvoke(props.sender, {
        retryAttempts: 0,
        maxEventAge: Duration.minutes(1),
        deadLetterQueue: this.deadLetterQueue,
      }),
    });
    new logs.MetricFilter(this, 'FailedMailsFilter', {
      logGroup: props.sender.logGroup,
      filterPattern: logs.FilterPattern.stringValue('$.message', '=', 'Mail failed'),
      metricNamespace: FAILED_MAILS_METRIC.namespace,
      metricName: FAILED_MAILS_METRIC.name,
      metricValue: '1',
      defaultValue: 0,
    });
    this.failedMails = new cloudwatch.Metric({
      namespace: FAILED_MAILS_METRIC.namespace,
      metricName: FAILED_MAILS_METRIC.name,
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
  }
}
