/**
 * Cognito post-confirmation trigger of the host pool: a host who confirmed their e-mail gets a profile. Password
 * resets confirm too (`PostConfirmation_ConfirmForgotPassword`) and are ignored.
 */
import { runtimeAdapters } from '../adapters/runtime/adapters';
import { makeCreateHostProfile } from '../use-cases/create-host-profile';

export interface PostConfirmationEvent {
  triggerSource: string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
}

export async function handler<E extends PostConfirmationEvent>(event: E): Promise<E> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const email = attributes.email;
  if (!email) throw new Error('Confirmed host has no e-mail attribute');
  const { repositories } = runtimeAdapters();
  await makeCreateHostProfile({ hosts: repositories.hosts, clock: () => new Date() })({
    userId: attributes.sub ?? event.userName,
    email,
    businessName: attributes['custom:business_name'],
  });
  return event;
}
