import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { responsiveImage } from '@domain/images';
import { LIGHTBOX_SIZES } from '../../../lib/image-sizes';
import { useT } from '../../../lib/i18n/i18n';

/** Guest spec §2: a looping carousel opened at an image, with previous/next buttons and arrow keys. */
export function Lightbox({
  images,
  index,
  title,
  onIndexChange,
  onClose,
}: {
  images: string[];
  index: number | null;
  title: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null;
  const count = images.length;
  const { t } = useT();
  const image = index === null ? null : responsiveImage(images[index]!, LIGHTBOX_SIZES);
  const go = (step: number) => {
    if (index === null || count === 0) return;
    onIndexChange((index + step + count) % count);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen
      aria-label={t('gallery.photosOf', { title })}
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0,0,0,0.92)', color: '#fff' } } }}
    >
      {index !== null && image && (
        <Box
          sx={{
            position: 'relative',
            height: '100%',
            display: 'grid',
            placeItems: 'center',
            p: { xs: 1, md: 8 },
          }}
        >
          <Box
            component="img"
            // A new element per photo: the previous one must not stay on screen while the next one loads.
            key={image.src}
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            width={image.width}
            height={image.height}
            alt={t('gallery.photoOf', { title, n: index + 1, count })}
            sx={{ maxWidth: '100%', maxHeight: '85vh', width: 'auto', height: 'auto', objectFit: 'contain' }}
          />
          <Typography aria-live="polite" sx={{ position: 'absolute', top: 16, left: 16 }}>
            {index + 1} / {count}
          </Typography>
          <IconButton
            aria-label={t('gallery.close')}
            onClick={onClose}
            sx={{ position: 'absolute', top: 8, right: 8, color: '#fff' }}
          >
            <CloseIcon />
          </IconButton>
          <IconButton
            aria-label={t('gallery.previous')}
            onClick={() => go(-1)}
            sx={{
              position: 'absolute',
              left: 8,
              top: '50%',
              color: '#fff',
              bgcolor: 'rgba(255,255,255,0.12)',
            }}
          >
            <ChevronLeftIcon fontSize="large" />
          </IconButton>
          <IconButton
            aria-label={t('gallery.next')}
            onClick={() => go(1)}
            sx={{
              position: 'absolute',
              right: 8,
              top: '50%',
              color: '#fff',
              bgcolor: 'rgba(255,255,255,0.12)',
            }}
          >
            <ChevronRightIcon fontSize="large" />
          </IconButton>
        </Box>
      )}
    </Dialog>
  );
}
