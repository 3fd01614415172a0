/**
 * Cognito pre-sign-up trigger of the host pool: a self sign-up with the e-mail of an existing host profile is
 * refused with the specification's duplicate message. Cognito hands the message to the client as
 * `UserLambdaValidationException: PreSignUp failed with error このメールアドレスは既に登録されています.`
 *
 * Only `PreSignUp_SignUp`: an administrator's AdminCreateUser also runs this trigger (`PreSignUp_AdminCreateUser`),
 * and that use case checks the e-mail itself and answers its own 409.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { runtimeAdapters } from '../adapters/runtime/adapters';
import { makeCheckHostSignUp } from '../use-cases/check-host-sign-up';

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const email = event.request.userAttributes.email;
  // A pool whose usernames are e-mail addresses never signs up a user without one; Cognito refuses it itself.
  if (!email) return event;
  const { repositories } = runtimeAdapters();
  await makeCheckHostSignUp({ hosts: repositories.hosts })({ email });
  return event;
}
