/**
 * Card locations for the lists. The meeting-point address itself (order, fallbacks, map link) is the domain's
 * (`@domain/address`), shared with the mails.
 */
/** `Matsuyama, Ehime`-style card location; empty when neither is set. */
export function cardLocation(prefecture: string, city: string): string {
  return [prefecture, city]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}
