import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useT } from '../../lib/i18n/i18n';

/** Guest spec §8: the general error boundary. A failed lazy chunk (after a deploy) is fixed by reloading. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useT();
  console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 18, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('error.title')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </Container>
  );
}
