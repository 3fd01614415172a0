import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { externalLinkProps, useExternalLinks } from '../../../lib/external-link';
import { P, Section, StaticPage } from '../components/static-page';

export function AboutPage() {
  const { contactForm } = useExternalLinks();
  return (
    <StaticPage
      title="About Our Service"
      description="A travel-concierge marketplace for private tours and local experiences in Japan, starting with Ehime."
      lead="Private tours and hands-on experiences in Japan, run by the people who live there — with a concierge to help you choose."
    >
      <Section title="What we do">
        <P>
          We connect travellers with local hosts: guides, farmers, craftspeople, brewers and chefs who open
          their workshops, fields and kitchens to small private groups. We started in Ehime, on the island of
          Shikoku, and are adding experiences across Japan.
        </P>
      </Section>
      <Section title="Two ways to book">
        <P>
          Search the experience list and request a booking online, or consult our concierge first through
          Messenger or our contact form. The concierge replies within 1 working day, helps you choose and
          sends you a link to book and pay.
        </P>
      </Section>
      <Section title="How a booking works">
        <P>
          A booking is a request. You pay by credit card; the card is only authorised when you send the
          request. The host reviews it and confirms within 48 hours. If the booking cannot be secured, your
          card is not charged. Your booking and payment are complete when the confirmation e-mail arrives. You
          can look up your booking at any time with your e-mail address and booking ID under Manage Booking.
        </P>
      </Section>
      <Section title="Reception hours">
        <P>Our concierge desk is open from 10:30 to 18:00 Japan time.</P>
      </Section>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button component={RouterLink} to="/experiences" variant="contained">
          See All Experiences
        </Button>
        {contactForm && (
          <Button {...externalLinkProps(contactForm)} variant="outlined">
            Contact the concierge
          </Button>
        )}
      </Stack>
    </StaticPage>
  );
}
