import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { responsiveImage } from '@domain/images';
import { useT } from '../../../lib/i18n/i18n';

/**
 * One photo of the gallery or of its 'Show all photos' grid: a button that opens the lightbox at it. The photo
 * comes in the variant that fills the tile (`sizes`) and is cropped to the tile's shape.
 */
export function Tile({
  src,
  sizes,
  alt,
  eager,
  onClick,
  overlay,
  sx,
}: {
  src: string;
  /** How wide the tile is on the page. */
  sizes: string;
  alt: string;
  eager: boolean;
  onClick: () => void;
  overlay?: string;
  sx?: object;
}) {
  const { t } = useT();
  const image = responsiveImage(src, sizes);
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={overlay ? `${overlay} (${alt})` : t('gallery.open', { photo: alt })}
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
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        alt=""
        width={image.width ?? 800}
        height={image.height ?? 600}
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
