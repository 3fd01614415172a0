/**
 * The meeting point on a map (back-office spec §2 "Map pin editor"). With a maps key in `/config.json` the pin
 * editor (Google Maps, loaded only then) places and drags the pin; without one, the specification's map-service
 * message and the coordinates as two numbers.
 */
import { lazy, Suspense, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useAppConfig } from '../../../app/config-context';
import type { ExperienceForm } from './experience-form-types';
import { FormSection } from './form-section';

export const MAP_UNAVAILABLE = '地図サービスを利用できません。';
export const FILL_ADDRESS_PROMPT =
  '地図に表示するには、郵便番号・都道府県・市区町村・地区・番地をすべて入力してください。';

const MapPinEditor = lazy(async () => ({ default: (await import('./map-pin-editor')).MapPinEditor }));

/** A coordinate typed as text: kept as typed while it is not a number yet ("33."), stored as a number or null. */
function CoordinateInput({
  label,
  value,
  onChange,
  onBlur,
  limit,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  onBlur: () => void;
  limit: number;
}) {
  const [draft, setDraft] = useState(value === null || value === undefined ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // Set from outside (a reset): show it.
    setSeen(value);
    setDraft(value === null || value === undefined ? '' : String(value));
  }
  const parsed = draft.trim() === '' ? null : Number(draft.trim().replace('，', '.'));
  const invalid = parsed !== null && (!Number.isFinite(parsed) || Math.abs(parsed) > limit);
  return (
    <TextField
      label={label}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        const t = e.target.value.trim();
        const n = t === '' ? null : Number(t);
        if (n === null || (Number.isFinite(n) && Math.abs(n) <= limit)) {
          setSeen(n);
          onChange(n);
        }
      }}
      onBlur={onBlur}
      error={invalid}
      helperText={invalid ? `-${limit}〜${limit} の数値を入力してください` : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );
}

export function MapSection({ form }: { form: ExperienceForm }) {
  const { mapsApiKey } = useAppConfig();
  const address = useWatch({
    control: form.control,
    name: ['postalCode', 'prefecture', 'city', 'district', 'streetAddress'],
  });
  const complete = address.every((part) => typeof part === 'string' && part.trim() !== '');

  return (
    <FormSection
      id="map"
      title="地図"
      description="集合場所の位置です。ゲストの予約確認画面とメールに表示されます。"
    >
      {mapsApiKey ? (
        <>
          {!complete && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {FILL_ADDRESS_PROMPT}
            </Alert>
          )}
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <MapPinEditor form={form} apiKey={mapsApiKey} address={address as string[]} complete={complete} />
          </Suspense>
        </>
      ) : (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {MAP_UNAVAILABLE} 緯度と経度を直接入力できます（空欄の場合は住所で案内します）。
          </Alert>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 560 }}
          >
            <Controller
              control={form.control}
              name="mapLat"
              render={({ field }) => (
                <CoordinateInput
                  label="緯度"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  limit={90}
                />
              )}
            />
            <Controller
              control={form.control}
              name="mapLng"
              render={({ field }) => (
                <CoordinateInput
                  label="経度"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  limit={180}
                />
              )}
            />
          </Box>
        </>
      )}
    </FormSection>
  );
}
