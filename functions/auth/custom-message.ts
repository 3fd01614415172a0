/**
 * Cognito custom-message trigger of the host pool: the sign-up, password-reset and e-mail verification codes go
 * out as Japanese mails with the product's name and layout instead of Cognito's one-line English default. Cognito
 * sends the returned subject and HTML itself (its own e-mail, or SES when the pool is configured so), replacing
 * `{####}` with the code. Locally the stack's cognito-local delivers them to the mail outbox.
 *
 * An administrator's invitation (`CustomMessage_AdminCreateUser`) is the Japanese invitation with the sign-in name
 * and the temporary password (issue 21). Other messages (MFA codes) are left to the pool's own templates: the event
 * comes back unchanged.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import {
  hostAccountCodeMail,
  hostInvitationMail,
  type HostAccountCodePurpose,
} from '../adapters/mail/templates/host-account-codes';

const PURPOSES: Partial<Record<CustomMessageTriggerEvent['triggerSource'], HostAccountCodePurpose>> = {
  CustomMessage_SignUp: 'sign-up',
  CustomMessage_ResendCode: 'sign-up',
  CustomMessage_ForgotPassword: 'password-reset',
  CustomMessage_UpdateUserAttribute: 'email-change',
  CustomMessage_VerifyUserAttribute: 'email-change',
};

export async function handler<E extends CustomMessageTriggerEvent>(event: E): Promise<E> {
  if (event.triggerSource === 'CustomMessage_AdminCreateUser') {
    const invitation = hostInvitationMail({
      usernameParameter: event.request.usernameParameter ?? '{username}',
      codeParameter: event.request.codeParameter,
    });
    event.response.emailSubject = invitation.subject;
    event.response.emailMessage = invitation.html;
    return event;
  }
  const purpose = PURPOSES[event.triggerSource];
  if (!purpose) return event;
  const mail = hostAccountCodeMail({
    purpose,
    codeParameter: event.request.codeParameter,
    businessName: event.request.userAttributes['custom:business_name'],
  });
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
}
