import { Duration, TimeZone } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface JobsConstructProps {
  expireBookings: lambda.IFunction;
  intervalMinutes: number;
  /** Approved tours whose slot has ended become `completed` (DESIGN §4c). */
  completeBookings: lambda.Function;
  /** Guests' reminders about 24 h before, hosts' lists of the next day's tours. */
  sendReminders: lambda.Function;
  /** Review invitations the day after a completed tour and their reminder on day 5 (DESIGN §4e). */
  sendReviewInvites: lambda.Function;
  /** How often these three run (reminders go out within this long of their time). */
  tourJobsIntervalMinutes: number;
  /** The payout job (DESIGN §4g): once a day, early morning in Tokyo, so payouts reach banks the same day. */
  payHosts: lambda.Function;
  /** Issue 31: the concierge's offers: warns guests 2 h before an offer expires, expires it and frees its slot. */
  expireOffers: lambda.Function;
}

/** How often the offer job runs: an offer's slot comes free at most this long after it expired. */
export const OFFER_JOB_INTERVAL_MINUTES = 5;

/**
 * EventBridge Scheduler runs the expiry job (lapsed holds, unanswered requests) every few minutes, and the jobs
 * of approved tours (completion, reminders) and the review invitations every quarter of an hour or so; a run that fails is retried twice,
 * then its event lands in the jobs' dead-letter queue (alarmed).
 */
export class JobsConstruct extends Construct {
  readonly schedule: scheduler.Schedule;
  readonly completionSchedule: scheduler.Schedule;
  readonly reminderSchedule: scheduler.Schedule;
  readonly reviewInviteSchedule: scheduler.Schedule;
  readonly payoutSchedule: scheduler.Schedule;
  readonly offerSchedule: scheduler.Schedule;
  readonly deadLetterQueue: sqs.Queue;
  /** Per job, the queue through which a run hands on what it could not finish in one invocation (issue 33). */
  readonly continuationQueues: Record<string, sqs.Queue> = {};

  constructor(scope: Construct, id: string, props: JobsConstructProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'JobsDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const every = (id: string, description: string, fn: lambda.IFunction, minutes: number) =>
      new scheduler.Schedule(this, id, {
        description,
        schedule: scheduler.ScheduleExpression.rate(Duration.minutes(minutes)),
        target: new targets.LambdaInvoke(fn, {
          retryAttempts: 2,
          maxEventAge: Duration.minutes(minutes),
          deadLetterQueue: this.deadLetterQueue,
        }),
      });
    this.schedule = every(
      'ExpireBookings',
      'Expire lapsed payment holds and requests the host did not answer within 48 hours',
      props.expireBookings,
      props.intervalMinutes,
    );
    this.completionSchedule = every(
      'CompleteBookings',
      'Mark approved tours completed once their slot has ended',
      props.completeBookings,
      props.tourJobsIntervalMinutes,
    );
    this.reminderSchedule = every(
      'SendReminders',
      "Remind guests about 24 hours before their tour and send hosts the next day's list",
      props.sendReminders,
      props.tourJobsIntervalMinutes,
    );
    this.reviewInviteSchedule = every(
      'SendReviewInvites',
      'Invite guests to review the day after a completed tour, and remind them once on day 5',
      props.sendReviewInvites,
      props.tourJobsIntervalMinutes,
    );
    // A job that stops with work left (its time budget) sends its cursor here; the message invokes the same function,
    // which goes on from the cursor (`functions/events/job-continuation.ts`). A message that keeps failing lands in
    // the jobs' dead-letter queue (alarmed).
    const continuation = (id: string, fn: lambda.Function) => {
      const queue = new sqs.Queue(this, `${id}Continuation`, {
        visibilityTimeout: Duration.minutes(15),
        retentionPeriod: Duration.days(1),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 3 },
      });
      queue.grantSendMessages(fn);
      fn.addEnvironment('JOB_CONTINUATION_QUEUE_URL', queue.queueUrl);
      fn.addEventSource(new SqsEventSource(queue, { batchSize: 1 }));
      this.continuationQueues[id] = queue;
    };
    continuation('CompleteBookings', props.completeBookings);
    continuation('SendReminders', props.sendReminders);
    continuation('SendReviewInvites', props.sendReviewInvites);
    continuation('PayHosts', props.payHosts);
    this.offerSchedule = every(
      'ExpireOffers',
      "Warn guests two hours before a concierge's offer expires, and expire offers whose time ran out (their slot is released)",
      props.expireOffers,
      OFFER_JOB_INTERVAL_MINUTES,
    );
    continuation('ExpireOffers', props.expireOffers);

    this.payoutSchedule = new scheduler.Schedule(this, 'PayHosts', {
      description: 'Make earnings payable 48 hours after each tour and pay every host what is payable',
      schedule: scheduler.ScheduleExpression.cron({ minute: '0', hour: '6', timeZone: TimeZone.ASIA_TOKYO }),
      target: new targets.LambdaInvoke(props.payHosts, {
        retryAttempts: 2,
        maxEventAge: Duration.hours(6),
        deadLetterQueue: this.deadLetterQueue,
      }),
    });
  }
}
