import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../../lib/page-meta';
import { useT } from '../../../lib/i18n/i18n';
import { EnglishOnlyNote } from '../../../components/english-only-note';
import type { TextSection } from '../content/types';

/** The frame of the static pages: one h1, an optional lead line and readable line lengths. */
export function StaticPage({
  title,
  description,
  lead,
  lang,
  children,
}: {
  title: string;
  description: string;
  lead?: ReactNode;
  /** The language the texts are written in (English where the site's language has no texts yet). */
  lang: string;
  children: ReactNode;
}) {
  usePageMeta({ title, description });
  const { t, locale } = useT();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }} lang={lang}>
      {lang !== locale && <EnglishOnlyNote text={t('static.englishOnly')} locale={locale} />}
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

/** Titled sections of paragraphs (the about page, the articles of the terms and the privacy policy). */
export function Sections({ sections }: { sections: readonly TextSection[] }) {
  return sections.map((section) => (
    <Box component="section" key={section.title}>
      <Typography variant="h5" component="h2">
        {section.title}
      </Typography>
      {section.paragraphs.map((p) => (
        <Typography key={p} sx={{ mb: 1.5 }}>
          {p}
        </Typography>
      ))}
    </Box>
  ));
}
