import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';

/** Guest spec §9: the marketplace's cancellation terms every booking shares. */
export const GENERAL_CANCELLATION_TERMS = [
  'Whether a weather-related cancellation is needed is decided by the day before; you are notified by e-mail by 7 PM.',
  'Tours run in rain.',
  'Refund handling fees are borne by the customer.',
  'Card refunds may take 1–2 months after the billing closing date.',
] as const;

export const DEFAULT_HOST_POLICY = 'Free cancellation up to 7 days before the experience (100% refund).';

/**
 * Guest spec §2: the collapsible cancellation policy ('see more' / 'close'). The experience's own policy leads;
 * the general terms follow.
 */
export function CancellationPolicy({
  policy,
  collapsible = true,
}: {
  policy: string | null | undefined;
  collapsible?: boolean;
}) {
  const [open, setOpen] = useState(!collapsible);
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        Cancellation policy
      </Typography>
      <Typography variant="body2">{policy?.trim() || DEFAULT_HOST_POLICY}</Typography>
      <Collapse in={open} id={`${id}-more`}>
        <Box component="ul" sx={{ pl: 2.5, my: 1, typography: 'body2', color: 'text.secondary' }}>
          {GENERAL_CANCELLATION_TERMS.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </Box>
      </Collapse>
      {collapsible && (
        <Button
          size="small"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-controls={`${id}-more`}
          sx={{ px: 0 }}
        >
          {open ? 'close' : 'see more'}
        </Button>
      )}
    </Box>
  );
}
