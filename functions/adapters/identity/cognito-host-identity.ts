/**
 * The host pool's users through Cognito's admin API (cognito-local locally: it implements every call used here).
 * The pool signs in by e-mail, so Cognito's username of a host is its `sub`, and every call after the creation
 * names the user by it.
 *
 * IAM (lib/marketplace-stack.ts): AdminCreateUser, AdminDeleteUser, AdminDisableUser and AdminEnableUser on the
 * host pool (AdminSetUserPassword is no longer called: the admin's password is a temporary one).
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { DomainError } from '../../domain/errors';
import type { HostIdentity } from '../../use-cases/ports';

/** Back-office spec §8 (admin host creation). */
export const identityMessages = {
  emailTaken: 'このメールアドレスは既に登録されています',
  passwordRefused: 'このパスワードは使用できません。別のパスワードを入力してください',
  userNotCreated: 'ユーザーの作成に失敗しました',
} as const;

const nameOf = (e: unknown) => (e as { name?: string })?.name;

export class CognitoHostIdentity implements HostIdentity {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId: string,
    clientConfig: CognitoIdentityProviderClientConfig = {},
  ) {
    this.client = new CognitoIdentityProviderClient(clientConfig);
  }

  /**
   * The admin's password becomes the user's **temporary** password (DESIGN §4d): the host signs in with it once
   * and must choose their own (Cognito's `NEW_PASSWORD_REQUIRED`). Cognito mails the host the invitation with it,
   * in Japanese (the custom-message trigger's `CustomMessage_AdminCreateUser`, the pool's `userInvitation`).
   */
  async createUser(input: { email: string; password: string }): Promise<{ userId: string }> {
    try {
      const created = await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: input.email,
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'email_verified', Value: 'true' },
          ],
          TemporaryPassword: input.password,
          DesiredDeliveryMediums: ['EMAIL'],
        }),
      );
      const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username;
      if (!sub) throw new Error('Cognito created a user without a sub');
      return { userId: sub };
    } catch (e) {
      throw this.creationError(e);
    }
  }

  async deleteUser(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: userId }));
    } catch (e) {
      if (nameOf(e) !== 'UserNotFoundException') throw e;
    }
  }

  async disableUser(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: userId }));
    } catch (e) {
      if (nameOf(e) !== 'UserNotFoundException') throw e;
    }
  }

  async enableUser(userId: string): Promise<void> {
    try {
      await this.client.send(new AdminEnableUserCommand({ UserPoolId: this.userPoolId, Username: userId }));
    } catch (e) {
      if (nameOf(e) !== 'UserNotFoundException') throw e;
    }
  }

  private creationError(e: unknown): Error {
    switch (nameOf(e)) {
      case 'UsernameExistsException':
      case 'AliasExistsException':
        return new DomainError(
          'duplicate',
          identityMessages.emailTaken,
          { email: identityMessages.emailTaken },
          {
            cause: e,
          },
        );
      case 'InvalidPasswordException':
        return new DomainError(
          'validation_failed',
          identityMessages.passwordRefused,
          { password: identityMessages.passwordRefused },
          { cause: e },
        );
      case 'InvalidParameterException':
        // An address or password Cognito refuses although our schema accepted it (e.g. surrounding spaces).
        return new DomainError('validation_failed', identityMessages.userNotCreated, undefined, { cause: e });
      default:
        return new DomainError('service_unavailable', identityMessages.userNotCreated, undefined, {
          cause: e,
        });
    }
  }
}
