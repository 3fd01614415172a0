import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { responsiveImage } from '@domain/images';
import { useHost } from '../../../lib/catalogue-api';
import { HOST_AVATAR_SIZES } from '../../../lib/image-sizes';

/** Guest spec §2: avatar, business name and introduction; hidden when no host is found (the error is logged). */
export function AboutHost({ hostId }: { hostId: string }) {
  const host = useHost(hostId);
  if (host.isError) {
    console.error('Host could not be loaded', host.error);
    return null;
  }
  if (!host.data) return null;
  const avatar = host.data.avatarUrl ? responsiveImage(host.data.avatarUrl, HOST_AVATAR_SIZES) : null;
  return (
    <Box component="section" aria-labelledby="about-host-title">
      <Typography id="about-host-title" variant="h5" component="h2" gutterBottom>
        About Host
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {avatar && (
          <Avatar
            src={avatar.src}
            srcSet={avatar.srcSet}
            alt={host.data.businessName}
            sx={{ width: 72, height: 72 }}
            slotProps={{
              img: { loading: 'lazy', sizes: avatar.sizes, width: avatar.width, height: avatar.height },
            }}
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
