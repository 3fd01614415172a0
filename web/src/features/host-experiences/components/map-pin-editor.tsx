/**
 * The pin editor on Google Maps (back-office spec §2 "Map pin editor", §8 map messages, §9 constants): the pin moves
 * by dragging; once postal code, prefecture, city, district and street address are all filled, the address is
 * geocoded after an 800 ms pause (language ja, region JP) and, unless the host has placed the pin by hand since the
 * address last changed (or no coordinates were set), the geocoded position becomes the coordinates. Default centre
 * the Tokyo area, zoom 15. Loaded only when `/config.json` carries a maps key.
 */
import { Component, useEffect, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { GoogleMap, MarkerF, useJsApiLoader } from '@react-google-maps/api';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { findPrefecture } from '@domain/prefectures';
import type { ExperienceForm } from './experience-form-types';

export const GEOCODE_DELAY_MS = 800;
const ZOOM = 15;
/** Tokyo Station. */
const DEFAULT_CENTRE = { lat: 35.681236, lng: 139.767125 };

export const MAP_MESSAGES = {
  libraryFailed: '地図ライブラリの読み込みに失敗しました。',
  renderFailed: '地図の表示中にエラーが発生しました。',
  notFound: '指定された住所の位置情報を取得できませんでした。',
  failed: (status: string) => `この住所の地図は表示できませんでした。（${status}）`,
} as const;

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Alert severity="error">{MAP_MESSAGES.renderFailed}</Alert>
    ) : (
      this.props.children
    );
  }
}

/** `〒790-0001 愛媛県松山市一番町1-2-3`: the address as a Japanese geocoder reads it best. */
export function geocodeQuery(parts: readonly string[]): string {
  const [postalCode = '', prefecture = '', city = '', district = '', street = ''] = parts.map((p) =>
    p.trim(),
  );
  const pref = findPrefecture(prefecture)?.nameJa ?? prefecture;
  return `〒${postalCode} ${pref}${city}${district}${street}`;
}

function PinMap({
  form,
  apiKey,
  address,
  complete,
}: {
  form: ExperienceForm;
  apiKey: string;
  address: string[];
  complete: boolean;
}) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: 'google-maps-script',
    googleMapsApiKey: apiKey,
    language: 'ja',
    region: 'JP',
  });
  const [lat, lng] = useWatch({ control: form.control, name: ['mapLat', 'mapLng'] });
  const pin = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const [centre, setCentre] = useState(pin ?? DEFAULT_CENTRE);
  const [message, setMessage] = useState<string | null>(null);
  const dragged = useRef(false);
  const addressKey = address.join('\u0000');
  const loadedAddress = useRef(addressKey);

  const setPin = (position: { lat: number; lng: number }) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    form.setValue('mapLat', Math.round(position.lat * 1e6) / 1e6, options);
    form.setValue('mapLng', Math.round(position.lng * 1e6) / 1e6, options);
  };

  useEffect(() => {
    // Changing the address resets the pin-dragged flag.
    if (addressKey !== loadedAddress.current) dragged.current = false;
  }, [addressKey]);

  useEffect(() => {
    if (!isLoaded || !complete) return;
    const hasPin = form.getValues('mapLat') !== null && form.getValues('mapLng') !== null;
    // The saved pin of an unchanged address stays where the host put it.
    if (hasPin && addressKey === loadedAddress.current) return;
    const timer = setTimeout(() => {
      new google.maps.Geocoder().geocode(
        { address: geocodeQuery(address), region: 'JP', language: 'ja' },
        (results, status) => {
          const location = results?.[0]?.geometry.location;
          if (status === 'OK' && location) {
            const position = { lat: location.lat(), lng: location.lng() };
            setMessage(null);
            setCentre(position);
            const none = form.getValues('mapLat') === null || form.getValues('mapLng') === null;
            if (none || !dragged.current) setPin(position);
          } else if (status === 'ZERO_RESULTS') setMessage(MAP_MESSAGES.notFound);
          else setMessage(MAP_MESSAGES.failed(status));
        },
      );
    }, GEOCODE_DELAY_MS);
    return () => clearTimeout(timer);
    // `address` is read through addressKey.
  }, [isLoaded, complete, addressKey]);

  if (loadError) return <Alert severity="error">{MAP_MESSAGES.libraryFailed}</Alert>;
  if (!isLoaded) return <Skeleton variant="rounded" height={360} aria-label="地図を読み込み中" />;
  return (
    <>
      {message && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {message}
        </Alert>
      )}
      <Box
        sx={{
          height: { xs: 280, sm: 360 },
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <GoogleMap
          mapContainerStyle={{ width: '100%', height: '100%' }}
          center={centre}
          zoom={ZOOM}
          options={{ streetViewControl: false, mapTypeControl: false, fullscreenControl: false }}
        >
          {pin && (
            <MarkerF
              position={pin}
              draggable
              title="集合場所（ドラッグで移動できます）"
              onDragEnd={(event) => {
                const position = event.latLng;
                if (!position) return;
                dragged.current = true;
                setPin({ lat: position.lat(), lng: position.lng() });
              }}
            />
          )}
        </GoogleMap>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {pin
          ? `ピンをドラッグして集合場所を調整できます（緯度 ${pin.lat}、経度 ${pin.lng}）`
          : '住所を入力すると地図にピンが表示されます'}
      </Typography>
    </>
  );
}

export function MapPinEditor(props: {
  form: ExperienceForm;
  apiKey: string;
  address: string[];
  complete: boolean;
}) {
  return (
    <MapErrorBoundary>
      <PinMap {...props} />
    </MapErrorBoundary>
  );
}
