import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { RefundRule } from '@domain/refund-rule';
import { describeRefundRule } from '@domain/refund-rule-text';
import { useT } from '../lib/i18n/i18n';
import type { MessageKey } from '../lib/i18n/i18n';
import { contentLang } from '../lib/i18n/content-lang';

/** Guest spec §9: the marketplace's cancellation terms, for experiences without a policy of their own. */
const GENERAL_CANCELLATION_TERMS = [
  'policy.weather',
  'policy.rain',
  'policy.fees',
  'policy.cardRefunds',
] as const satisfies readonly MessageKey[];

/** Sentences of a policy text (line breaks and sentence ends), so the first can lead and the rest expand. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?。])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Guest spec §2: the collapsible cancellation policy ('see more' / 'close'). One policy (DESIGN §4j): the refund rule
 * leads, in words, in the page's language (it is what a cancellation returns); the host's own text follows under
 * "Notes from the host", as written. Without a host text the marketplace's standard terms follow the rule; without a
 * rule (an experience answer from before rules existed) the host's text or the default policy leads.
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
  const { t, locale } = useT();
  const own = policy?.trim() ? sentencesOf(policy) : null;
  // The host's own text stays as they wrote it (marked with its language); the rest is in the site's language.
  const ownLang = own ? contentLang(policy) : undefined;
  const general = GENERAL_CANCELLATION_TERMS.map((key) => t(key));
  const ruleText = rule ? describeRefundRule(rule, locale) : null;
  // With a rule, the host's text is the host's notes, apart and labelled; without one it is the policy itself.
  const notes = ruleText && own ? own : null;
  const [lead, ...more] = ruleText
    ? [ruleText, ...(notes ? [] : general)]
    : (own ?? [t('policy.default'), ...general]);
  const langOf = (sentence: string) => (own?.includes(sentence) ? ownLang : undefined);
  const hasMore = more.length > 0 || notes !== null;
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
        {t('policy.title')}
      </Typography>
      <Typography variant="body2" lang={lead ? langOf(lead) : undefined}>
        {lead}
      </Typography>
      {hasMore && (
        <>
          <Collapse in={open} id={`${id}-more`}>
            {notes && (
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {t('policy.hostNotes')}
              </Typography>
            )}
            <Box component="ul" sx={{ pl: 2.5, my: 1, typography: 'body2', color: 'text.secondary' }}>
              {(notes ?? more).map((sentence) => (
                <li key={sentence} lang={langOf(sentence)}>
                  {sentence}
                </li>
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
              {open ? t('policy.close') : t('policy.more')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
