export function BookingsPage() {
  return null;
}
