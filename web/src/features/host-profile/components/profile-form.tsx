/**
 * The profile form (back-office spec §2 "Host profile settings", §8): business name and self-introduction (plus the
 * business hours and address the profile update carries), and the contact fields the specification gives hosts
 * (languages, phone, website, business description; issue 21). Saves only what changed.
 */
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { HostView } from '@domain/back-office-views';
import { hostProfileFormSchemaJa, type HostProfileForm } from '@domain/schemas/host';
import type { HostProfilePatch } from '@domain/schemas/host-api';
import { hostContactSchema, type HostContact } from '@domain/schemas/host-contact';
import { hostInvoiceSchema, refineInvoiceRegistration, type HostInvoice } from '@domain/schemas/host-invoice';
import {
  invoiceRegistrantKindLabels,
  invoiceRegistrantKinds,
  type InvoiceRegistrantKind,
} from '@domain/invoice-registration';
import { HostLanguagesField } from '../../../components/back-office/host-languages-field';
import { ApiError } from '../../../lib/api-client';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { errorOf, textFieldProps } from '../../../lib/back-office/form';
import type { HostLanguage } from '../../../lib/back-office/host-languages';
import { useSetHostMe } from '../../../lib/back-office/host-account';
import { useToast } from '../../../lib/toast';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';

export const PROFILE_MESSAGES = {
  updated: 'プロフィール情報を更新しました',
  failed: 'プロフィール情報の更新に失敗しました',
} as const;

type ProfileFormState = {
  businessName: string;
  introduction: string;
  businessHours: string;
  address: string;
  businessDescription: string;
  phone: string;
  website: string;
  languages: HostLanguage[];
  invoiceRegistrationNumber: string;
  invoiceRegistrant: InvoiceRegistrantKind;
};
type ProfileValues = HostProfileForm & HostContact & HostInvoice;

/** The request's own field schemas; the registration number is checked with its kind (issue 28). */
const profileSchema = hostProfileFormSchemaJa
  .extend(hostContactSchema.shape)
  .extend(hostInvoiceSchema.shape)
  .superRefine(refineInvoiceRegistration);

const valuesOf = (host: HostView): ProfileFormState => ({
  businessName: host.businessName,
  introduction: host.introduction ?? '',
  businessHours: host.businessHours ?? '',
  address: host.address ?? '',
  businessDescription: host.businessDescription ?? '',
  phone: host.phone ?? '',
  website: host.website ?? '',
  languages: host.languages,
  invoiceRegistrationNumber: host.invoiceRegistrationNumber ?? '',
  invoiceRegistrant: host.invoiceRegistrant ?? 'corporation',
});

export function ProfileForm({ host }: { host: HostView }) {
  const api = useAuthorizedApi();
  const setHost = useSetHostMe();
  const toast = useToast();
  const form = useForm<ProfileFormState, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema) as Resolver<ProfileFormState, unknown, ProfileValues>,
    mode: 'onTouched',
    defaultValues: valuesOf(host),
  });
  const save = useMutation({
    mutationFn: (patch: HostProfilePatch) => api<HostView>('/host/me', { method: 'PATCH', body: patch }),
  });

  /** One submit at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (data) => {
    const dirty = form.formState.dirtyFields;
    const patch = Object.fromEntries(
      (Object.keys(data) as (keyof ProfileValues)[]).filter((k) => dirty[k]).map((k) => [k, data[k]]),
    ) as HostProfilePatch;
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await save.mutateAsync(patch);
      setHost(saved);
      form.reset(valuesOf(saved));
      toast({ severity: 'success', message: PROFILE_MESSAGES.updated });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        for (const [name, message] of Object.entries(e.fields)) {
          if (name in data) form.setError(name as keyof ProfileFormState, { message });
        }
      }
      toast({ severity: 'error', message: PROFILE_MESSAGES.failed });
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={submitOnce(flight, onSubmit)}
      aria-label="プロフィール"
    >
      <TextField
        label="ビジネス名"
        required
        fullWidth
        {...textFieldProps(form, 'businessName', 'ゲストに表示される事業者名です')}
      />
      <TextField
        label="自己紹介"
        fullWidth
        multiline
        minRows={4}
        {...textFieldProps(form, 'introduction', '体験ページの「ホストについて」に表示されます')}
      />
      <TextField
        label="営業時間"
        fullWidth
        {...textFieldProps(form, 'businessHours', '例: 9:00〜18:00（年末年始休み）')}
      />
      <TextField label="所在地" fullWidth {...textFieldProps(form, 'address')} />
      <TextField
        label="事業内容"
        fullWidth
        multiline
        minRows={3}
        {...textFieldProps(form, 'businessDescription', '登録番号や提供しているサービスなど')}
      />
      <TextField
        label="電話番号"
        fullWidth
        type="tel"
        autoComplete="tel"
        {...textFieldProps(form, 'phone', '例: 089-123-4567（海外の番号は +国番号 から）')}
      />
      <TextField
        label="ウェブサイト"
        fullWidth
        type="url"
        {...textFieldProps(form, 'website', '例: https://example.jp')}
      />
      <HostLanguagesField control={form.control} name="languages" error={errorOf(form, 'languages')} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0 }}
      >
        <Controller
          control={form.control}
          name="invoiceRegistrant"
          render={({ field }) => (
            <TextField
              select
              label="登録番号の区分"
              sx={{ minWidth: 260 }}
              {...field}
              helperText="法人の番号は法人番号の検査用数字を確認します"
            >
              {invoiceRegistrantKinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {invoiceRegistrantKindLabels[kind]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label="適格請求書発行事業者の登録番号"
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'invoice-registration-number' } }}
          {...textFieldProps(
            form,
            'invoiceRegistrationNumber',
            '「T」と13桁の数字（例: T7123456789012）。支払通知書に記載されます。空欄にすると削除します',
          )}
        />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!form.formState.isDirty || flight.pending || save.isPending}
        >
          {save.isPending ? (
            <CircularProgress size={22} color="inherit" aria-label="保存中" />
          ) : (
            'プロフィールを保存'
          )}
        </Button>
      </Box>
    </Stack>
  );
}
