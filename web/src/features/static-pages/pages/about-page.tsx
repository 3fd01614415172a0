import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocalePath } from '../../../lib/i18n/i18n';
import { Sections, StaticPage } from '../components/static-page';
import { staticPagesContent } from '../content';

export function AboutPage() {
  const path = useLocalePath();
  const { content, lang } = staticPagesContent.useContent();
  const about = content.about;
  return (
    <StaticPage title={about.title} description={about.description} lead={about.lead} lang={lang}>
      <Sections sections={about.sections} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button component={RouterLink} to={path('/experiences')} variant="contained">
          {about.allExperiences}
        </Button>
        <Button component={RouterLink} to={path('/contact')} variant="outlined">
          {about.contactConcierge}
        </Button>
      </Stack>
    </StaticPage>
  );
}
export const contentLoader = staticPagesContent.loader;
