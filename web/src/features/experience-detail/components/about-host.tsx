import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parsePhotoUrl, photoVariantUrl, variantHeight } from '@domain/images';
import { useHost } from '../../../lib/catalogue-api';
import { useT } from '../../../lib/i18n/i18n';
import { contentLang } from '../../../lib/i18n/content-lang';

const AVATAR_PX = 72;

function avatarImage(url: string): { src: string; width?: number; height?: number } {
  const photo = parsePhotoUrl(url);
  if (!photo) return { src: url };
  const src = photoVariantUrl(url, AVATAR_PX * 3);
  const width = Number(/\/(\d+)\.webp$/.exec(src)![1]);
  return { src, width, height: variantHeight(photo, width) };
}

/** Guest spec §2: avatar, business name and introduction; hidden when no host is found (the error is logged). */
export function AboutHost({ hostId }: { hostId: string }) {
  const host = useHost(hostId);
  const { t } = useT();
  if (host.isError) {
    console.error('Host could not be loaded', host.error);
    return null;
  }
  if (!host.data) return null;
  // One variant: a 72 px avatar needs at most 216 pixels (3×), and MUI's Avatar probes `src` with an Image of its
  // own before `srcset` applies, which would fetch a second, larger variant.
  const avatar = host.data.avatarUrl ? avatarImage(host.data.avatarUrl) : null;
  return (
    <Box component="section" aria-labelledby="about-host-title">
      <Typography id="about-host-title" variant="h5" component="h2" gutterBottom>
        {t('detail.aboutHost')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {avatar && (
          <Avatar
            src={avatar.src}
            alt={host.data.businessName}
            sx={{ width: AVATAR_PX, height: AVATAR_PX }}
            slotProps={{ img: { loading: 'lazy', width: avatar.width, height: avatar.height } }}
          />
        )}
        <Box>
          <Typography variant="h6" component="p" lang={contentLang(host.data.businessName)}>
            {host.data.businessName}
          </Typography>
          {host.data.introduction && (
            <Typography
              color="text.secondary"
              sx={{ whiteSpace: 'pre-line' }}
              lang={contentLang(host.data.introduction)}
            >
              {host.data.introduction}
            </Typography>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
