/**
 * Basic information (back-office spec §2): title, description, the meeting point's address with the postal-code
 * lookup, and (on the create screen) the adult price.
 */
import { useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { prefectures } from '@domain/prefectures';
import { textFieldProps } from '../../../lib/back-office/form';
import { lookupPostalCode, normalisePostalCode, type PostalMatch } from '../hooks/postal-code-lookup';
import type { ExperienceForm } from './experience-form-types';
import { FormSection } from './form-section';

export const POSTAL_NOT_FOUND = '郵便番号に該当する住所が見つかりませんでした。住所を直接入力してください。';
export const CHOOSE_DISTRICT = 'この郵便番号には複数の地区があります。該当する地区を選んでください。';

export function PriceField({ form }: { form: ExperienceForm }) {
  return (
    <TextField
      label="大人料金（税込）"
      required
      fullWidth
      {...textFieldProps(form, 'price', '参加者1名あたりの料金です')}
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">円</InputAdornment> },
      }}
      sx={{ maxWidth: 320 }}
    />
  );
}

/**
 * The autofill sets city and district with `setValue`, which writes the input without an input event: MUI's label
 * would stay inside the box over the value. The watched value tells the label to move up.
 */
const shrinkWhenFilled = (value: string | null | undefined) => ({
  inputLabel: value ? { shrink: true } : {},
});

function AddressFields({ form }: { form: ExperienceForm }) {
  const [matches, setMatches] = useState<PostalMatch[]>([]);
  const [status, setStatus] = useState<'idle' | 'searching' | 'not_found'>('idle');
  const looked = useRef<string | null>(null);
  const postalCode = useWatch({ control: form.control, name: 'postalCode' });
  const [city, district] = useWatch({ control: form.control, name: ['city', 'district'] });

  const fill = (match: PostalMatch) => {
    const options = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;
    form.setValue('prefecture', match.prefecture, options);
    form.setValue('city', match.city, options);
    form.setValue('district', match.district, options);
  };

  const search = async (code: string) => {
    const normalised = normalisePostalCode(code);
    if (!normalised) return;
    looked.current = normalised;
    setStatus('searching');
    setMatches([]);
    const found = await lookupPostalCode(normalised);
    // A later search (the host kept typing) wins.
    if (looked.current !== normalised) return;
    if (found.length === 0) {
      setStatus('not_found');
      return;
    }
    setStatus('idle');
    fill(found[0]!);
    if (found.length > 1) setMatches(found);
  };

  const postal = textFieldProps(form, 'postalCode', '7桁の郵便番号を入力すると住所を自動入力します');
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="郵便番号"
          required
          placeholder="790-0001"
          {...postal}
          helperText={status === 'not_found' ? POSTAL_NOT_FOUND : postal.helperText}
          onChange={(e) => {
            void postal.onChange(e);
            const code = normalisePostalCode(e.target.value);
            // The seventh digit fills the address; the same code twice does not overwrite the host's edits.
            if (code && code !== looked.current) void search(code);
            if (!code) {
              setStatus('idle');
              setMatches([]);
            }
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'postal-code' } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Button
          variant="outlined"
          onClick={() => {
            looked.current = null;
            void search(postalCode ?? '');
          }}
          disabled={!normalisePostalCode(postalCode ?? '') || status === 'searching'}
          sx={{ mt: 1, whiteSpace: 'nowrap' }}
        >
          {status === 'searching' ? (
            <CircularProgress size={20} aria-label="住所を検索中" />
          ) : (
            '住所を自動入力'
          )}
        </Button>
      </Box>
      {matches.length > 1 && (
        <Box role="group" aria-label="地区の候補">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {CHOOSE_DISTRICT}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {matches.map((match) => (
              <Chip
                key={match.district}
                label={match.district}
                clickable
                color={form.getValues('district') === match.district ? 'primary' : 'default'}
                onClick={() => {
                  fill(match);
                  setMatches([]);
                }}
              />
            ))}
          </Box>
        </Box>
      )}
      <Controller
        control={form.control}
        name="prefecture"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="都道府県"
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            sx={{ width: { xs: '100%', sm: 320 } }}
          >
            <MenuItem value="">
              <em>選択してください</em>
            </MenuItem>
            {prefectures.map((p) => (
              <MenuItem key={p.code} value={p.name}>
                {p.nameJa}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(
          [
            ['市区町村', 'city', city],
            ['地区', 'district', district],
          ] as const
        ).map(([label, name, value]) => (
          <TextField
            key={name}
            label={label}
            required
            fullWidth
            {...textFieldProps(form, name)}
            slotProps={shrinkWhenFilled(value)}
          />
        ))}
        <TextField label="番地" required fullWidth {...textFieldProps(form, 'streetAddress')} />
        <TextField label="建物名・部屋番号（任意）" fullWidth {...textFieldProps(form, 'building')} />
      </Box>
    </Stack>
  );
}

export function BasicInfoSection({ form, withPrice }: { form: ExperienceForm; withPrice: boolean }) {
  return (
    <FormSection
      id="basic"
      title="基本情報"
      description="ゲストに表示される体験の名前と、集合場所の住所です。"
    >
      <Stack spacing={2.5}>
        <TextField label="タイトル" required fullWidth {...textFieldProps(form, 'title')} />
        <TextField
          label="体験の説明"
          fullWidth
          multiline
          minRows={4}
          {...textFieldProps(form, 'description', 'どんな体験か、見どころや流れをご紹介ください')}
        />
        <AddressFields form={form} />
        {withPrice && <PriceField form={form} />}
      </Stack>
    </FormSection>
  );
}
