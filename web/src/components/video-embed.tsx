import Box from '@mui/material/Box';
import { useT } from '../lib/i18n/i18n';

/**
 * The video id of a YouTube link: the `v=` parameter of a watch URL (guest spec §2), or the path of a short
 * `youtu.be/<id>` link; null when there is none.
 */
export function videoId(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    const v = url.hostname === 'youtu.be' ? url.pathname.slice(1) : url.searchParams.get('v');
    return v && /^[\w-]{6,20}$/.test(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Guest spec §2: an embedded video (autoplay, muted) when the link names a YouTube video: an experience's video on
 * its detail page, the deployment's on /ehime.
 */
export function VideoEmbed({ link, title }: { link: string | null | undefined; title: string }) {
  const id = videoId(link);
  const { t } = useT();
  if (!id) return null;
  return (
    <Box
      component="section"
      aria-label={t('video.label')}
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.900',
      }}
    >
      <iframe
        title={t('video.title', { title })}
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&playsinline=1`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        loading="lazy"
        style={{ border: 0, position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      />
    </Box>
  );
}
