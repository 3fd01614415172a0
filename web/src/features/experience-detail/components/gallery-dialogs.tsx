import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { GALLERY_GRID_SIZES } from '../../../lib/image-sizes';
import { Lightbox } from './lightbox';
import { Tile } from './gallery-tile';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The gallery's 'Show all photos' grid dialog and its lightbox (guest spec §2), loaded by `PhotoGallery` on the first
 * click on a photo. Picking an image in the grid closes the grid and opens the lightbox at it.
 */
export default function GalleryDialogs({
  images,
  title,
  gridOpen,
  onGridClose,
  lightboxIndex,
  onLightboxIndexChange,
}: {
  images: string[];
  title: string;
  gridOpen: boolean;
  onGridClose: () => void;
  lightboxIndex: number | null;
  onLightboxIndexChange: (index: number | null) => void;
}) {
  const { t } = useT();
  const alt = (i: number) => t('gallery.photo', { title, n: i + 1 });
  return (
    <>
      <Dialog
        open={gridOpen}
        onClose={() => onGridClose()}
        fullWidth
        maxWidth="lg"
        aria-labelledby="all-photos-title"
      >
        <DialogTitle id="all-photos-title" sx={{ pr: 6 }}>
          {t('gallery.all')}
          <IconButton
            aria-label={t('common.close')}
            onClick={() => onGridClose()}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {images.length} photos of {title}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
            {images.map((src, i) => (
              <Tile
                key={`${src}-${i}`}
                src={src}
                sizes={GALLERY_GRID_SIZES}
                alt={alt(i)}
                eager={false}
                onClick={() => {
                  onGridClose();
                  onLightboxIndexChange(i);
                }}
                sx={{ aspectRatio: '4 / 3' }}
              />
            ))}
          </Box>
        </DialogContent>
      </Dialog>
      <Lightbox
        images={images}
        index={lightboxIndex}
        title={title}
        onIndexChange={onLightboxIndexChange}
        onClose={() => onLightboxIndexChange(null)}
      />
    </>
  );
}
