/**
 * The host pool's Cognito triggers in the local stack: cognito-local calls them through the local Lambda endpoint
 * (`lambda-invoke.ts`) and they run the same handler modules CDK deploys as the host pool's triggers
 * (`lib/marketplace-stack.ts`): pre-sign-up, custom message, post-confirmation.
 *
 * cognito-local has one trigger configuration for all its pools, while in AWS only the host pool has triggers, so
 * an event of any other pool (the admins') comes back unchanged, as if the pool had none.
 */
import { handler as customMessage } from '../../functions/auth/custom-message';
import { handler as postConfirmation } from '../../functions/auth/post-confirmation';
import { handler as preSignUp } from '../../functions/auth/pre-sign-up';
import type { CognitoTrigger } from './cognito-local';
import type { LocalFunction } from './lambda-invoke';

/**
 * The function name cognito-local invokes for each trigger: the trigger's own name, because cognito-local reports
 * a failed trigger as `<function name> failed with error <message>.` and Cognito as `<trigger> failed with error
 * <message>.`; this way the SPA sees the same text in both.
 */
export const TRIGGER_FUNCTIONS: Record<CognitoTrigger, string> = {
  PreSignUp: 'PreSignUp',
  CustomMessage: 'CustomMessage',
  PostConfirmation: 'PostConfirmation',
};

// The handlers take the event types of their own triggers; cognito-local sends exactly those.
const HANDLERS: Record<CognitoTrigger, (event: never) => Promise<unknown>> = {
  PreSignUp: preSignUp,
  CustomMessage: customMessage,
  PostConfirmation: postConfirmation,
};

/** The functions of the local Lambda endpoint, by name; `hostPoolId` is read per event (pools exist later). */
export function hostPoolTriggers(options: {
  hostPoolId: () => string | undefined;
}): (name: string) => LocalFunction | undefined {
  return (name) => {
    const trigger = (Object.keys(TRIGGER_FUNCTIONS) as CognitoTrigger[]).find(
      (t) => TRIGGER_FUNCTIONS[t] === name,
    );
    if (!trigger) return undefined;
    const handler = HANDLERS[trigger];
    return async (event) => {
      const poolId = (event as { userPoolId?: unknown }).userPoolId;
      if (!poolId || poolId !== options.hostPoolId()) return event;
      return handler(event as never);
    };
  };
}
