import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../lib/i18n/i18n';

/**
 * The not-found treatment (guest spec §2): a heading, a sentence and ways on. The page that shows it sets its own
 * metadata (a not-found title and noindex), since it knows what was not found.
 */
export function NotFoundView({
  title,
  message,
  actions,
}: {
  title: string;
  message: ReactNode;
  /** The first is the main way on. */
  actions?: readonly { label: string; to: string }[];
}) {
  const { t, path } = useT();
  const ways = actions ?? [{ label: t('notFound.home'), to: '/' }];
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 14, sm: 18 }, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom sx={{ fontSize: { xs: '2.25rem', sm: '3rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {message}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        {ways.map((action, i) => (
          <Button
            key={action.to}
            component={RouterLink}
            to={path(action.to)}
            variant={i === 0 ? 'contained' : 'outlined'}
            size="large"
          >
            {action.label}
          </Button>
        ))}
      </Stack>
    </Container>
  );
}
