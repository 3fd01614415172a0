/**
 * The seam between the booking form and the card form of the configured provider (DESIGN §4): the booking form
 * creates the booking, the card form authorises the card for it. Stripe's Payment Element and the local test-card
 * form both implement it.
 */
export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
}

export interface PaymentMethodHandle {
  /** Checks and collects the card details before any booking exists (Stripe: `elements.submit()`). */
  prepare(): Promise<void>;
  /** Authorises the card for the booking's payment; throws `PaymentError` with the message for the guest. */
  confirm(clientSecret: string, billing: BillingDetails): Promise<void>;
}

export interface PaymentMethodState {
  /** Loaded and filled in enough to try (the confirm button waits for it, guest spec §5). */
  ready: boolean;
  handle: PaymentMethodHandle | null;
}

/** A failure the guest can act on (declined card, incomplete details): its message is shown as it is. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentError';
  }
}
