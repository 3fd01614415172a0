/** A host pool in memory, with the semantics of `CognitoHostIdentity`, and switches to make each call fail. */
import { DomainError } from '../../../functions/domain/errors';
import type { HostIdentity } from '../../../functions/use-cases/ports';

export interface FakeUser {
  userId: string;
  email: string;
  password: string;
  enabled: boolean;
}

export class FakeHostIdentity implements HostIdentity {
  readonly users = new Map<string, FakeUser>();
  /** Calls that throw (as Cognito being unreachable would) while listed. */
  readonly failing = new Set<keyof HostIdentity>();
  private sequence = 0;

  private check(call: keyof HostIdentity) {
    if (this.failing.has(call)) throw new Error(`cognito ${call} unavailable`);
  }

  async createUser(input: { email: string; password: string }): Promise<{ userId: string }> {
    this.check('createUser');
    if ([...this.users.values()].some((u) => u.email.toLowerCase() === input.email.toLowerCase())) {
      throw new DomainError('duplicate', 'このメールアドレスは既に登録されています', {
        email: 'このメールアドレスは既に登録されています',
      });
    }
    const userId = `user-${++this.sequence}`;
    this.users.set(userId, { userId, email: input.email, password: input.password, enabled: true });
    return { userId };
  }
  async deleteUser(userId: string): Promise<void> {
    this.check('deleteUser');
    this.users.delete(userId);
  }
  async disableUser(userId: string): Promise<void> {
    this.check('disableUser');
    const user = this.users.get(userId);
    if (user) user.enabled = false;
  }
  async enableUser(userId: string): Promise<void> {
    this.check('enableUser');
    const user = this.users.get(userId);
    if (user) user.enabled = true;
  }
}
