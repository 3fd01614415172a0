import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Lightbox } from './lightbox';

/** Guest spec §9: the preview shows 5 images (1 main + 4 side). */
const PREVIEW_SIDE_IMAGES = 4;

function Tile({
  src,
  alt,
  eager,
  onClick,
  overlay,
  sx,
}: {
  src: string;
  alt: string;
  eager: boolean;
  onClick: () => void;
  overlay?: string;
  sx?: object;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={overlay ? `${overlay} (${alt})` : `Open ${alt}`}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 2,
        display: 'block',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        ...sx,
      }}
    >
      <Box
        component="img"
        src={src}
        alt=""
        width={800}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          display: 'block',
          transition: 'transform 300ms',
          '&:hover': { transform: 'scale(1.03)' },
        }}
      />
      {overlay && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: 'rgba(0,0,0,0.45)',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            letterSpacing: 1,
          }}
        >
          {overlay}
        </Box>
      )}
    </ButtonBase>
  );
}

/**
 * Guest spec §2, gallery: a main image and up to 4 side images. Desktop: the fourth side image carries the 'Show
 * all photos' overlay; mobile: main image and a 2-column grid whose fourth tile reads 'SHOW ALL PHOTOS'. Any image
 * opens the lightbox there; picking one in the full grid closes the grid and opens the lightbox at it.
 */
export function PhotoGallery({ images, title }: { images: string[]; title: string }) {
  const [gridOpen, setGridOpen] = useState(false);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  if (images.length === 0) return null;

  const [main, ...rest] = images;
  const side = rest.slice(0, PREVIEW_SIDE_IMAGES);
  const alt = (i: number) => `${title}, photo ${i + 1}`;
  const showAllLabel = 'Show all photos';

  return (
    <Box component="section" aria-label="Photos">
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr 1fr', md: side.length > 0 ? '2fr 1fr 1fr' : '1fr' },
          gridTemplateRows: { md: side.length > 2 ? '220px 220px' : '440px' },
        }}
      >
        <Tile
          src={main!}
          alt={alt(0)}
          eager
          onClick={() => setLightboxIndex(0)}
          sx={{
            gridColumn: { xs: '1 / -1', md: '1' },
            gridRow: { md: side.length > 2 ? '1 / 3' : '1' },
            aspectRatio: { xs: '4 / 3', md: 'auto' },
          }}
        />
        {side.map((src, i) => {
          const isLast = i === PREVIEW_SIDE_IMAGES - 1;
          return (
            <Tile
              key={`${src}-${i}`}
              src={src}
              alt={alt(i + 1)}
              eager={false}
              onClick={() => (isLast ? setGridOpen(true) : setLightboxIndex(i + 1))}
              overlay={isLast ? showAllLabel : undefined}
              sx={{
                aspectRatio: { xs: '4 / 3', md: 'auto' },
                '& > div': { textTransform: { xs: 'uppercase', md: 'none' } },
              }}
            />
          );
        })}
      </Box>
      {side.length < PREVIEW_SIDE_IMAGES && images.length > 1 && (
        <Box sx={{ mt: 1, textAlign: 'right' }}>
          <ButtonBase
            onClick={() => setGridOpen(true)}
            sx={{ px: 1, py: 0.5, borderRadius: 1, textDecoration: 'underline', fontWeight: 600 }}
          >
            {showAllLabel}
          </ButtonBase>
        </Box>
      )}

      <Dialog
        open={gridOpen}
        onClose={() => setGridOpen(false)}
        fullWidth
        maxWidth="lg"
        aria-labelledby="all-photos-title"
      >
        <DialogTitle id="all-photos-title" sx={{ pr: 6 }}>
          All photos
          <IconButton
            aria-label="Close"
            onClick={() => setGridOpen(false)}
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
                alt={alt(i)}
                eager={false}
                onClick={() => {
                  setGridOpen(false);
                  setLightboxIndex(i);
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
        onIndexChange={setLightboxIndex}
        onClose={() => setLightboxIndex(null)}
      />
    </Box>
  );
}
