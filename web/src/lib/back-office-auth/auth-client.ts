/**
 * What the back office needs from the identity provider, as one small port: the host area and the admin area each
 * get one (per pool), built from Amplify in the app (`amplify-auth-client.ts`) and replaced by a fake in component
 * tests, so no test patches Amplify's modules.
 */

export type BackOfficePool = 'host' | 'admin';

export interface SignedInUser {
  /** The pool's `sub`: the host's id in the API. */
  userId: string;
  email: string;
}

/** Where a sign-in attempt stands. */
export type SignInOutcome =
  | { step: 'done' }
  /** The e-mail address of a self-registered account was never confirmed: the code step of sign-up follows. */
  | { step: 'confirm_sign_up' }
  /** An account created by an administrator with a temporary password: a new password is needed first. */
  | { step: 'new_password_required' }
  /** The pool requires a password reset for this account. */
  | { step: 'reset_password' }
  /** The pool requires TOTP and the account has no authenticator yet: enrol one with this secret (base32). */
  | { step: 'totp_setup'; secret: string }
  /** The pool asks for the authenticator's current code. */
  | { step: 'totp_code' };

export interface SignUpInput {
  email: string;
  password: string;
  businessName: string;
}

/** An identity-provider failure with the provider's error name (`NotAuthorizedException`, …) as `code`. */
export class AuthFailure extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'AuthFailure';
    this.code = code;
  }
}

export interface AuthClient {
  /** The signed-in user of this pool kept from an earlier visit (tokens in local storage), or null. */
  currentUser(): Promise<SignedInUser | null>;
  /** A valid ID token, refreshed when it has expired; null when the session cannot be renewed. */
  idToken(): Promise<string | null>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Answers the new-password challenge of an account created with a temporary password. */
  completeNewPassword(newPassword: string): Promise<SignInOutcome>;
  /** Answers a TOTP step: the first code of a new authenticator, or the code of an enrolled one. */
  confirmTotp(code: string): Promise<SignInOutcome>;
  signOut(): Promise<void>;
  /** Registers and returns whether the e-mail must still be confirmed with a code. */
  signUp(input: SignUpInput): Promise<{ needsConfirmation: boolean }>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** Sends a password-reset code to the address. */
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  updatePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** Called when the provider ends the session by itself (refresh token revoked or expired, sign-out in another tab). */
  onSessionEnded(listener: () => void): () => void;
}
