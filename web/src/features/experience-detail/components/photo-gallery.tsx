import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { GALLERY_SIDE_SIZES, galleryMainSizes } from '../../../lib/image-sizes';
import { Tile } from './gallery-tile';
import { useT } from '../../../lib/i18n/i18n';

const GalleryDialogs = lazy(() => import('./gallery-dialogs'));

/** Guest spec §9: the preview shows 5 images (1 main + 4 side). */
const PREVIEW_SIDE_IMAGES = 4;

/**
 * Guest spec §2, gallery: a main image and up to 4 side images. Desktop: the fourth side image carries the 'Show
 * all photos' overlay; mobile: main image and a 2-column grid whose fourth tile reads 'SHOW ALL PHOTOS'. Any image
 * opens the lightbox there; picking one in the full grid closes the grid and opens the lightbox at it.
 */
export function PhotoGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useT();
  const [gridOpen, setGridOpen] = useState(false);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  // Once opened, the dialogs stay mounted so that closing them plays MUI's exit transition.
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if ((gridOpen || lightboxIndex !== null) && !dialogsUsed) setDialogsUsed(true);
  if (images.length === 0) return null;

  const [main, ...rest] = images;
  const side = rest.slice(0, PREVIEW_SIDE_IMAGES);
  const alt = (i: number) => t('gallery.photo', { title, n: i + 1 });
  const showAllLabel = t('gallery.showAll');

  return (
    <Box component="section" aria-label={t('gallery.photos')}>
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
          sizes={galleryMainSizes(images.length)}
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
              sizes={GALLERY_SIDE_SIZES}
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

      {/* The grid dialog and the lightbox (MUI's modal machinery) load on the first click on a photo: they are not
          part of what the guest first sees, and the detail page's first paint waits for every byte it needs. */}
      {(gridOpen || lightboxIndex !== null || dialogsUsed) && (
        <Suspense fallback={null}>
          <GalleryDialogs
            images={images}
            title={title}
            gridOpen={gridOpen}
            onGridClose={() => setGridOpen(false)}
            lightboxIndex={lightboxIndex}
            onLightboxIndexChange={setLightboxIndex}
          />
        </Suspense>
      )}
    </Box>
  );
}
