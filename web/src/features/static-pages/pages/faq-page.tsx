import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PRICE_TERMS } from '@domain/price-terms';
import { StaticPage } from '../components/static-page';

/** Guest spec §2 and §9: booking online or via the concierge, changes and cancellation, payment, lateness, interpreters. */
export const FAQ: readonly { topic: string; items: readonly { q: string; a: string }[] }[] = [
  {
    topic: 'Booking',
    items: [
      {
        q: 'How do I book an experience online?',
        a: 'Open the experience, choose a date, start time, number of participants and language, then press Next. Enter your details and card, and press Confirm Booking Request. The host confirms within 2 working days, and your booking is complete when the confirmation e-mail arrives.',
      },
      {
        q: 'Can I consult someone before booking?',
        a: 'Yes. Contact our concierge through Messenger or the contact form. The concierge replies within 1 working day, suggests experiences and sends you a link to book and pay. Reception hours are 10:30–18:00 Japan time.',
      },
      {
        q: 'How do I check my booking?',
        a: 'Open Manage Booking and enter the e-mail address you booked with and your 6-character booking ID.',
      },
    ],
  },
  {
    topic: 'Changes and cancellation',
    items: [
      {
        q: 'Can I change or cancel my booking?',
        a: 'Contact the concierge with your booking ID. The cancellation policy of the experience applies; unless the experience says otherwise, you can cancel free of charge up to 7 days before the date (100% refund).',
      },
      { q: 'Do I get a refund if I do not show up?', a: 'No. There is no refund for no-shows.' },
      {
        q: 'What happens in bad weather?',
        a: 'Tours run in rain. If the weather makes an experience unsafe, the host decides by the day before and we notify you by e-mail by 7 PM. Refund handling fees are borne by the customer, and card refunds may take 1–2 months after the billing closing date.',
      },
    ],
  },
  {
    topic: 'Payment',
    items: [
      {
        q: 'How do I pay?',
        a: 'By credit card only, in Japanese yen. Your card is authorised when you send the request and charged only when the host confirms. If the booking cannot be secured, you are not charged.',
      },
      {
        q: 'What does the price include?',
        a: `${PRICE_TERMS.en} Interpretation, optional add-ons, souvenirs or delivery that you arrange on the day are charged separately.`,
      },
    ],
  },
  {
    topic: 'On the day',
    items: [
      {
        q: 'What if I am late?',
        a: 'Please arrive on time. If you are more than 15 minutes late, the booking is cancelled and no refund is made.',
      },
      {
        q: 'Can I bring my own interpreter?',
        a: 'Yes, but your own interpreter takes part in the experience and counts as one paid participant.',
      },
    ],
  },
];

export function FaqPage() {
  return (
    <StaticPage
      title="FAQ"
      description="Answers about booking, payment, cancellation, lateness and interpreters."
      lead="Frequently asked questions about booking and joining an experience."
    >
      {FAQ.map((group) => (
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
    </StaticPage>
  );
}
