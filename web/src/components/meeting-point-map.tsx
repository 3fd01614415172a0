import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '../app/config-context';
import type { MeetingPoint } from '@domain/address';
import { useT } from '../lib/i18n/i18n';

/** Guest spec §7 and §9: maps embed at zoom 15 in a 400 px frame. */
const MAP_ZOOM = 15;
const MAP_HEIGHT = 400;

function mapQuery(a: MeetingPoint, addressText: string): string | null {
  if (a.mapLat !== null && a.mapLng !== null) return `${a.mapLat},${a.mapLng}`;
  return addressText.trim() ? addressText : null;
}

/** How close to the viewport the map block mounts (about half a phone screen ahead of the guest's scrolling). */
const MOUNT_MARGIN = '400px';
const FALLBACK_HEIGHT = { xs: 200, sm: 240 };

/** True once the element has come within `margin` of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>(margin: string) {
  const ref = useRef<T>(null);
  // Starts false as on the server (hydration must match); a browser without IntersectionObserver mounts at once.
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

/**
 * The meeting point's map block, mounted when it comes near the viewport: it sits below the fold of the pages that
 * show it, and its map frame (or its fallback text with Japanese glyphs, a font fallback lookup on first use) costs
 * work the first paint should not wait for. Until then an empty block of the same height holds its place.
 */
export function MeetingPointMap(props: { address: MeetingPoint; addressText: string }) {
  const { mapsApiKey } = useAppConfig();
  const [ref, near] = useNearViewport<HTMLDivElement>(MOUNT_MARGIN);
  const framed = Boolean(mapsApiKey && mapQuery(props.address, props.addressText));
  return (
    <Box ref={ref}>
      {near ? (
        <MapBlock {...props} />
      ) : (
        <Box
          aria-hidden
          sx={{ height: framed ? MAP_HEIGHT : FALLBACK_HEIGHT, bgcolor: 'grey.100', borderRadius: 2 }}
        />
      )}
    </Box>
  );
}

/**
 * The embedded map of a meeting point. The Google Maps Embed API needs a key: only when `/config.json` carries
 * `mapsApiKey` is the iframe rendered (with the 'Loading map...' placeholder until it loads). Without a key, or
 * without anything to place on the map, the specification's failure text shows, with a plain link to open the
 * place in Google Maps (which needs no key), so the guest can still find the meeting point.
 */
function MapBlock({ address, addressText }: { address: MeetingPoint; addressText: string }) {
  const { mapsApiKey } = useAppConfig();
  const [loaded, setLoaded] = useState(false);
  const { t } = useT();
  const query = mapQuery(address, addressText);
  const openLink = query
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
    : null;

  if (!mapsApiKey || !query) {
    return (
      <Box
        role="note"
        sx={{
          height: FALLBACK_HEIGHT,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          borderRadius: 2,
          textAlign: 'center',
          p: 2,
        }}
      >
        <Box>
          <Typography color="text.secondary">{t('map.failed')}</Typography>
          {openLink && (
            <Link
              href={openLink}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'inline-block', mt: 1 }}
            >
              {t('map.open')}
            </Link>
          )}
        </Box>
      </Box>
    );
  }
  const src = `https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(mapsApiKey)}&q=${encodeURIComponent(query)}&zoom=${MAP_ZOOM}`;
  return (
    <Box
      sx={{
        position: 'relative',
        height: MAP_HEIGHT,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.100',
      }}
    >
      {!loaded && (
        <Box role="status" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Typography color="text.secondary">{t('map.loading')}</Typography>
        </Box>
      )}
      <iframe
        title={t('map.title')}
        src={src}
        width="100%"
        height={MAP_HEIGHT}
        style={{ border: 0, display: 'block' }}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        onLoad={() => setLoaded(true)}
      />
    </Box>
  );
}
