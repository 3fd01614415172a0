/**
 * One titled block of the experience form. Inside a sectioned form (`FormSectionsContext`) it is an accordion: its
 * line says the title and whether something in it has a message or is unsaved, and on a phone a 次へ button at its
 * end steps to the next section (issue 32 item 13). Its content stays mounted while folded, so nothing typed is
 * lost and every field keeps its registration.
 */
import type { ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useFormSectionsContext } from '../hooks/form-sections';

/** Below the app bar (phones) with a margin, when a section is brought into view. */
const SCROLL_MARGIN_TOP = 96;

/** The markers of a section's state, for its line and the index: read by screen readers, no text of their own. */
export function SectionMarkers({ error, changed }: { error: boolean; changed: boolean }) {
  return (
    <>
      {error && (
        <Box
          component="span"
          role="img"
          aria-label="入力エラーあり"
          data-testid="section-error"
          sx={{ display: 'inline-flex', color: 'error.main' }}
        >
          <ErrorOutlineIcon fontSize="small" aria-hidden />
        </Box>
      )}
      {changed && !error && (
        <Box
          component="span"
          role="img"
          aria-label="未保存の変更あり"
          data-testid="section-changed"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'warning.main', flexShrink: 0 }}
        />
      )}
    </>
  );
}

export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const sections = useFormSectionsContext();
  const intro = description && (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {description}
    </Typography>
  );

  if (!sections) {
    return (
      <Paper
        component="section"
        id={id}
        data-form-section={id}
        aria-labelledby={`${id}-title`}
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: SCROLL_MARGIN_TOP }}
      >
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.15rem', mb: description ? 0.5 : 2 }}>
          {title}
        </Typography>
        {intro}
        {children}
      </Paper>
    );
  }

  const status = sections.status(id);
  const next = sections.next(id);
  return (
    <Accordion
      id={id}
      data-form-section={id}
      variant="outlined"
      disableGutters
      expanded={sections.isOpen(id)}
      onChange={(_, open) => sections.setOpen(id, open)}
      slotProps={{ heading: { component: 'h2' } }}
      sx={{
        scrollMarginTop: SCROLL_MARGIN_TOP,
        borderRadius: 1,
        '&::before': { display: 'none' },
        ...(status.error ? { borderColor: 'error.main' } : {}),
      }}
    >
      <AccordionSummary
        id={`${id}-title`}
        aria-controls={`${id}-content`}
        expandIcon={<ExpandMoreIcon />}
        sx={{ px: { xs: 2, sm: 3 }, minHeight: 56 }}
      >
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="span" sx={{ fontSize: '1.15rem', fontWeight: 500 }}>
            {title}
          </Typography>
          <SectionMarkers {...status} />
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 }, pt: 0 }}>
        {intro}
        {children}
        {sections.stepping && next && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button
              variant="outlined"
              endIcon={<ArrowDownwardIcon />}
              onClick={() => sections.show(next.id, { closing: id })}
            >
              次へ：{next.title}
            </Button>
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
