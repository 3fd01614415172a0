import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../lib/page-meta';
import { useT } from '../../../lib/i18n/i18n';
import { EnglishOnlyNote } from '../../../components/english-only-note';

/** The frame of the static pages: one h1, an optional lead line and readable line lengths. */
export function StaticPage({
  title,
  description,
  lead,
  children,
}: {
  title: string;
  description: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  usePageMeta({ title, description });
  const { t, locale } = useT();
  return (
    // Written in English only so far: on another language's site it says so and is marked as English.
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }} lang="en">
      {locale !== 'en' && <EnglishOnlyNote text={t('static.englishOnly')} locale={locale} />}
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 2 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {lead}
        </Typography>
      )}
      <Box sx={{ '& h2': { mt: 4, mb: 1 }, '& p, & li': { lineHeight: 1.75 } }}>{children}</Box>
    </Container>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export const P = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ mb: 1.5 }}>{children}</Typography>
);
