import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useHiddenOnScrollDown } from '../hooks/use-scroll-direction';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Guest spec §2: the from-price (as the cards write it in the language, issue 32 item 8) and 'Request Booking',
 * hiding on scroll down and back on scroll up.
 */
export function StickyBookingBar({ price, onRequest }: { price: number; onRequest: () => void }) {
  const hidden = useHiddenOnScrollDown();
  const { t, yen } = useT();
  return (
    <Slide direction="up" in={!hidden} appear={false}>
      <Paper
        elevation={8}
        square
        component="aside"
        aria-label={t('detail.bookingBar')}
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (t) => t.zIndex.appBar - 1,
          px: 2,
          py: 1.5,
        }}
      >
        <Stack
          direction="row"
          sx={{ maxWidth: 1200, mx: 'auto', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}
        >
          <Typography sx={{ fontWeight: 700 }}>{t('card.from', { price: yen(price) })}</Typography>
          <Button variant="contained" color="secondary" onClick={onRequest}>
            {t('detail.requestBooking')}
          </Button>
        </Stack>
      </Paper>
    </Slide>
  );
}
