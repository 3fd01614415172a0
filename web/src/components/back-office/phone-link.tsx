/**
 * A guest's phone number in the back office: written as its country writes it, and a `tel:` link that dials it
 * (issue 32 item 12; `+819012345678` showed as stored).
 */
import Link from '@mui/material/Link';
import { formatPhoneForDisplay, phoneHref } from '@domain/phone';

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <Link href={phoneHref(phone)} sx={{ whiteSpace: 'nowrap' }}>
      {formatPhoneForDisplay(phone)}
    </Link>
  );
}
