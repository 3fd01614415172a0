import { Duration } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_METRICS_NAMESPACE } from '../functions/events/job-continuation';

export interface MonitoringConstructProps {
  api: apigw.HttpApi;
  functions: Record<string, lambda.IFunction>;
  deadLetterQueues: Record<string, sqs.IQueue>;
  alarmEmail?: string;
  /** Mails the outbox sender gave up on (DESIGN §4f); any one alarms. */
  failedMails?: cloudwatch.IMetric;
  /**
   * The scheduled jobs by the name they log their metrics under (`functions/events/job-continuation.ts`): a run
   * that stopped with work due left and could not hand it on alarms (issue 33).
   */
  jobs?: Record<string, string>;
}

/** Alarms an operator should hear about: API 5xx, function errors and throttles, anything in a dead-letter queue. */
export class MonitoringConstruct extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringConstructProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'Marketplace alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const period = Duration.minutes(5);

    const alarm = (name: string, metric: cloudwatch.IMetric, threshold: number, description: string) => {
      const a = new cloudwatch.Alarm(this, name, {
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: description,
      });
      a.addAlarmAction(notify);
      this.alarms.push(a);
    };

    alarm(
      'Api5xx',
      props.api.metricServerError({ period, statistic: 'Sum' }),
      5,
      'The API answered 5xx (a bug).',
    );
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, fn.metricErrors({ period, statistic: 'Sum' }), 1, `${name} threw or timed out.`);
      alarm(
        `${name}Throttles`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        1,
        `${name} was throttled.`,
      );
    }
    if (props.failedMails) {
      alarm(
        'FailedMails',
        props.failedMails,
        1,
        'A mail failed after every retry; resend it from the admin back office (メール送信エラー).',
      );
    }
    for (const [id, job] of Object.entries(props.jobs ?? {})) {
      alarm(
        `${id}Unfinished`,
        new cloudwatch.Metric({
          namespace: JOB_METRICS_NAMESPACE,
          metricName: 'UnfinishedRuns',
          dimensionsMap: { Job: job },
          period: Duration.minutes(15),
          statistic: 'Sum',
        }),
        1,
        `${job} stopped with work due left and could not hand it on; the work waits for the next run.`,
      );
    }
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}Depth`,
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        1,
        `${name} holds events that could not be delivered; inspect and redrive them.`,
      );
    }
  }
}
