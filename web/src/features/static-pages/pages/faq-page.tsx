import { Link as RouterLink } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocalePath } from '../../../lib/i18n/i18n';
import { StaticPage } from '../components/static-page';
import { staticPagesContent } from '../content';

/** Guest spec §2 and §9: booking online or via the concierge, changes and cancellation, payment, lateness, interpreters. */
export function FaqPage() {
  const { content, lang } = staticPagesContent.useContent();
  const path = useLocalePath();
  const { title, description, lead, groups } = content.faq;
  return (
    <StaticPage title={title} description={description} lead={lead} lang={lang}>
      {groups.map((group) => (
        <section key={group.topic}>
          <Typography variant="h5" component="h2">
            {group.topic}
          </Typography>
          {group.items.map((item) => (
            <Accordion key={item.q} disableGutters variant="outlined" sx={{ mb: 1 }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {item.q}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography>{item.a}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </section>
      ))}
      {/* A question the page does not answer goes to the concierge desk (DESIGN §4h). */}
      <Button component={RouterLink} to={path('/contact')} variant="contained" sx={{ mt: 4 }}>
        {content.about.contactConcierge}
      </Button>
    </StaticPage>
  );
}
export const contentLoader = staticPagesContent.loader;
