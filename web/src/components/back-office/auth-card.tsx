import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '../../app/config-context';

/**
 * The centred card of the back offices' public pages (sign-in, registration, password reset): the site's name,
 * the area's name under it (`area`, with an icon where the area has one), then the page.
 */
export function AuthCard({
  area,
  title,
  subtitle,
  children,
}: {
  area: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { siteName } = useAppConfig();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 4, sm: 8 },
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 3, justifyContent: 'center' }}>
          <img src="/logo.svg" alt="" width={36} height={36} />
          <Box>
            <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{siteName}</Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            >
              {area}
            </Typography>
          </Box>
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
