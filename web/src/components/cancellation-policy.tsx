import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { describeRefundRule, type RefundRule } from '@domain/refund-rule';

/** Guest spec §9: the marketplace's cancellation terms, for experiences without a policy of their own. */
export const GENERAL_CANCELLATION_TERMS = [
  'Whether a weather-related cancellation is needed is decided by the day before; you are notified by e-mail by 7 PM.',
  'Tours run in rain.',
  'Refund handling fees are borne by the customer.',
  'Card refunds may take 1–2 months after the billing closing date.',
] as const;

export const DEFAULT_HOST_POLICY = 'Free cancellation up to 7 days before the experience (100% refund).';

/** Sentences of a policy text (line breaks and sentence ends), so the first can lead and the rest expand. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?。])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Guest spec §2: the collapsible cancellation policy ('see more' / 'close'). An experience's own policy is the
 * whole policy (hosts write the standard terms into it), so it is shown alone: its first sentence, the rest on
 * 'see more'. Without one, the default rule leads and the marketplace's standard terms follow.
 */
export function CancellationPolicy({
  policy,
  rule,
  collapsible = true,
}: {
  policy: string | null | undefined;
  /** The structured refund rule (DESIGN §4c): said first, in words, when known. */
  rule?: RefundRule;
  collapsible?: boolean;
}) {
  const [open, setOpen] = useState(!collapsible);
  const id = useId();
  const own = policy?.trim() ? sentencesOf(policy) : null;
  const [lead, ...more] = [
    ...(rule ? [describeRefundRule(rule, 'en')] : []),
    ...(own ?? [...(rule ? [] : [DEFAULT_HOST_POLICY]), ...GENERAL_CANCELLATION_TERMS]),
  ];
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        Cancellation policy
      </Typography>
      <Typography variant="body2">{lead}</Typography>
      {more.length > 0 && (
        <>
          <Collapse in={open} id={`${id}-more`}>
            <Box component="ul" sx={{ pl: 2.5, my: 1, typography: 'body2', color: 'text.secondary' }}>
              {more.map((sentence) => (
                <li key={sentence}>{sentence}</li>
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
        </>
      )}
    </Box>
  );
}
