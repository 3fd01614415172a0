import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface JobsConstructProps {
  expireBookings: lambda.IFunction;
  intervalMinutes: number;
}

/** EventBridge Scheduler runs the expiry job (lapsed holds, unanswered requests) every few minutes. */
export class JobsConstruct extends Construct {
  readonly schedule: scheduler.Schedule;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: JobsConstructProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'JobsDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.schedule = new scheduler.Schedule(this, 'ExpireBookings', {
      description: 'Expire lapsed payment holds and requests the host did not answer within 48 hours',
      schedule: scheduler.ScheduleExpression.rate(Duration.minutes(props.intervalMinutes)),
      target: new targets.LambdaInvoke(props.expireBookings, {
        retryAttempts: 2,
        maxEventAge: Duration.minutes(props.intervalMinutes),
        deadLetterQueue: this.deadLetterQueue,
      }),
    });
  }
}
