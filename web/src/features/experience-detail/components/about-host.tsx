import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useHost } from '../../../lib/catalogue-api';

/** Guest spec §2: avatar, business name and introduction; hidden when no host is found (the error is logged). */
export function AboutHost({ hostId }: { hostId: string }) {
  const host = useHost(hostId);
  if (host.isError) {
    console.error('Host could not be loaded', host.error);
    return null;
  }
  if (!host.data) return null;
  return (
    <Box component="section" aria-labelledby="about-host-title">
      <Typography id="about-host-title" variant="h5" component="h2" gutterBottom>
        About Host
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {host.data.avatarUrl && (
          <Avatar
            src={host.data.avatarUrl}
            alt={host.data.businessName}
            sx={{ width: 72, height: 72 }}
            slotProps={{ img: { loading: 'lazy' } }}
          />
        )}
        <Box>
          <Typography variant="h6" component="p">
            {host.data.businessName}
          </Typography>
          {host.data.introduction && (
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {host.data.introduction}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
