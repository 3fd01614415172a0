import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { countries, countryNameIn, DEFAULT_COUNTRY_CODE, type Country } from '@domain/countries';
import { filterPhoneInput, formatPhoneInternational, isValidPhone } from '@domain/phone';
import type { GuestField, GuestFormState } from '../hooks/use-guest-form';
import { useT } from '../../../lib/i18n/i18n';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { INVALID_PHONE_MESSAGE } from '@domain/schemas/booking';
import {
  EMAIL_MISMATCH_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
} from '@domain/schemas/guest-form';

const defaultCountry = countries.find((c) => c.code === DEFAULT_COUNTRY_CODE)!;

/** The domain's messages (guest-form schema) and their catalogue keys. */
const GUEST_FORM_MESSAGES: Record<string, MessageKey> = {
  [REQUIRED_FIELD_MESSAGE]: 'guest.error.required',
  [INVALID_EMAIL_MESSAGE]: 'guest.error.email',
  [EMAIL_MISMATCH_MESSAGE]: 'guest.error.emailMismatch',
  [INVALID_PHONE_MESSAGE]: 'guest.error.phone',
};

/**
 * A country as the guest reads it (`countryNameIn`: `Intl.DisplayNames` of the site language; the list's English
 * name where the runtime has none). The form still stores the English name, which is what hosts read.
 */
function useCountryName(locale: string): (c: Country) => string {
  return useMemo(() => (c: Country) => countryNameIn(c, locale), [locale]);
}

/** Given name, then family name: the English order of the name fields. */
const NAME_FIELDS = [
  { field: 'firstName', label: 'guest.firstName', autoComplete: 'given-name' },
  { field: 'lastName', label: 'guest.lastName', autoComplete: 'family-name' },
] as const satisfies readonly { field: GuestField; label: MessageKey; autoComplete: string }[];

/** Replaces a leading dialling code the field carries with another (when the guest switches country). */
function swapDialCode(phone: string, from: string, to: string): string {
  if (phone.startsWith(from)) return `${to}${phone.slice(from.length)}`;
  return phone;
}

/**
 * Guest spec §5: first and last name, e-mail twice, phone with the dialling code of a country list (default +81;
 * the input keeps only digits, spaces, +, parentheses and hyphens; libphonenumber-js judges the number), nationality
 * from the same list (stored by name) and optional special requests. Messages show once a field has been left.
 */
export function GuestFormFields({ form, disabled = false }: { form: GuestFormState; disabled?: boolean }) {
  const [dialCountry, setDialCountry] = useState<Country>(defaultCountry);
  const { t, locale } = useT();
  const countryName = useCountryName(locale);
  // The domain's English messages, in the guest's language (a message the table does not know stays as it is).
  const errorOf = (field: GuestField) => {
    const message = form.errorOf(field);
    const key = message ? GUEST_FORM_MESSAGES[message] : undefined;
    return key ? t(key) : message;
  };

  const text = (field: GuestField, label: string, props: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      fullWidth
      required
      label={label}
      name={field}
      value={form.values[field] ?? ''}
      onChange={(e) => form.setValue(field, e.target.value)}
      onBlur={() => form.touch(field)}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? ' '}
      disabled={disabled}
      {...props}
    />
  );

  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }} disabled={disabled}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {t('guest.title')}
      </Typography>
      <Grid container columnSpacing={2}>
        {/* Japanese, Chinese and Korean forms ask the family name first, as names are written there
            (issue 32 item 8); English asks the given name first. In the page's order, so Tab follows it. */}
        {(locale === 'en' ? NAME_FIELDS : [...NAME_FIELDS].reverse()).map((name) => (
          <Grid key={name.field} size={{ xs: 12, sm: 6 }}>
            {text(name.field, t(name.label), { autoComplete: name.autoComplete })}
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('email', t('guest.email'), { type: 'email', autoComplete: 'email' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {text('confirmEmail', t('guest.confirmEmail'), { type: 'email', autoComplete: 'email' })}
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            select
            fullWidth
            label={t('guest.countryCode')}
            value={dialCountry.code}
            disabled={disabled}
            onChange={(e) => {
              const next = countries.find((c) => c.code === e.target.value) ?? defaultCountry;
              form.setValue(
                'phone',
                swapDialCode(form.values.phone ?? '', dialCountry.dialCode, next.dialCode),
              );
              setDialCountry(next);
            }}
            helperText=" "
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {countries.map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {countryName(c)} ({c.dialCode})
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextField
            fullWidth
            required
            label={t('guest.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={form.values.phone ?? ''}
            disabled={disabled}
            onChange={(e) => form.setValue('phone', filterPhoneInput(e.target.value, dialCountry.dialCode))}
            onBlur={() => {
              // Once left, a valid number shows as it is stored and dialled: "+81 090-…" becomes "+81 90 …".
              const phone = form.values.phone ?? '';
              if (isValidPhone(phone)) form.setValue('phone', formatPhoneInternational(phone));
              form.touch('phone');
            }}
            error={Boolean(errorOf('phone'))}
            helperText={errorOf('phone') ?? ' '}
          />
        </Grid>
        <Grid size={12}>
          <Autocomplete
            options={countries}
            getOptionLabel={countryName}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            value={countries.find((c) => c.name === form.values.nationality) ?? null}
            onChange={(_, c) => form.setValue('nationality', c?.name ?? '')}
            onBlur={() => form.touch('nationality')}
            disabled={disabled}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('guest.nationality')}
                name="nationality"
                error={Boolean(errorOf('nationality'))}
                helperText={errorOf('nationality') ?? ' '}
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            fullWidth
            multiline
            minRows={3}
            label={t('guest.requests')}
            name="specialRequests"
            value={form.values.specialRequests ?? ''}
            disabled={disabled}
            onChange={(e) => form.setValue('specialRequests', e.target.value)}
            onBlur={() => form.touch('specialRequests')}
            error={Boolean(errorOf('specialRequests'))}
            helperText={errorOf('specialRequests') ?? t('guest.requestsHint')}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
