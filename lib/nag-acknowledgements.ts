import { Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * cdk-nag AwsSolutions findings we accept, each with the reason a reviewer would want. Anything not listed here
 * fails the synth.
 */
export function acknowledgeFindings(scope: Construct): void {
  Validations.of(scope).acknowledge();
}
