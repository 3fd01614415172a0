import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageMeta } from '../../lib/page-meta';

/** Guest spec §2: any unknown path. */
export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', noindex: true });
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 14, sm: 18 }, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Sorry, the page you are looking for does not exist or has been moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Return to Home
      </Button>
    </Container>
  );
}

export default NotFoundPage;
