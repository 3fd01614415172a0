/**
 * オファーを作成 (DESIGN §4h): the concierge's tailored offer, from an inquiry (`?inquiry=<id>` prefills the
 * experience, party size and the guest) or from scratch. The experience is one of the published ones; date and start
 * are chosen among the free starts the public availability lists, so the offer can hold its slot; the total defaults
 * to the normal price (price × guests) and the platform fee to the host's commission of it (rounded down as the
 * ledger does), both editable, with the host's net beside them. Validation is `adminOfferSchema`'s Japanese
 * messages; the API's 400 `fields` and 409 messages land on the form without losing what was typed. Once made, the
 * guest's link is shown with a copy button (the API has already mailed it).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { guestLocales, type GuestLocale } from '@domain/entities';
import { siteLanguageNameJa } from '@domain/languages';
import { DEFAULT_COMMISSION_PERCENT, platformFeeOf } from '@domain/money';
import {
  adminOfferSchema,
  CONCIERGE_TEXT_MAX,
  OFFER_DEFAULT_EXPIRY_HOURS,
  OFFER_MAX_TOTAL,
  type AdminOfferRequest,
} from '@domain/schemas/offer';
import { PageHeader } from '../../../components/back-office/page-header';
import { RetryAlert } from '../../../components/back-office/retry-alert';
import { ApiError } from '../../../lib/api-client';
import type { AdminInquiryDetail, CreatedOffer } from '../../../lib/back-office/concierge';
import { useAdminInquiry } from '../../../lib/back-office/concierge-api';
import { textFieldProps } from '../../../lib/back-office/form';
import { formatDateJa, formatDateTimeJa, formatYen } from '../../../lib/back-office/format';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useToast } from '../../../lib/toast';
import {
  useCreateOffer,
  useOfferableExperiences,
  useOfferAvailability,
  useOfferExperience,
  useOfferHost,
} from '../api/offers';

interface OfferFormValues {
  experienceId: string;
  date: string;
  time: string;
  guests: string;
  totalAmount: string;
  platformFee: string;
  message: string;
  expiresInHours: string;
  preApproved: boolean;
  guest: { name: string; email: string; locale: GuestLocale | '' };
}

/** The API's field names that are the form's own (anything else goes to the message above the form). */
const FIELDS: readonly FieldPath<OfferFormValues>[] = [
  'experienceId',
  'date',
  'time',
  'guests',
  'totalAmount',
  'platformFee',
  'message',
  'expiresInHours',
  'guest.name',
  'guest.email',
  'guest.locale',
];

function fieldOf(name: string): FieldPath<OfferFormValues> | null {
  if ((FIELDS as readonly string[]).includes(name)) return name as FieldPath<OfferFormValues>;
  const guestField = `guest.${name}`;
  if (['name', 'email', 'locale'].includes(name)) return guestField as FieldPath<OfferFormValues>;
  return null;
}

const wholeYen = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 && n <= OFFER_MAX_TOTAL ? n : null;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

function CreatedPanel({ offer, inquiryId }: { offer: CreatedOffer; inquiryId: string | null }) {
  const toast = useToast();
  return (
    <Paper variant="outlined" component="section" aria-label="作成したオファー" sx={{ p: { xs: 2, sm: 3 } }}>
      <Alert severity="success" sx={{ mb: 2 }}>
        オファーを送信しました。お客様にリンクをメールでお送りしました。有効期限は{' '}
        {formatDateTimeJa(offer.expiresAt)} です。それまで予約枠を確保しています。
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          label="お客様用リンク"
          value={offer.url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
          onClick={() => {
            void navigator.clipboard
              .writeText(offer.url)
              .then(() => toast({ severity: 'success', message: 'リンクをコピーしました' }))
              .catch(() =>
                toast({
                  severity: 'error',
                  message: 'コピーできませんでした。リンクを選択してコピーしてください。',
                }),
              );
          }}
        >
          リンクをコピー
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        {inquiryId && (
          <Button
            component={RouterLink}
            to={`/admin/inquiries/${encodeURIComponent(inquiryId)}`}
            variant="contained"
          >
            問い合わせに戻る
          </Button>
        )}
        <Button component={RouterLink} to="/admin/offers" variant={inquiryId ? 'outlined' : 'contained'}>
          オファー一覧へ
        </Button>
      </Box>
    </Paper>
  );
}

function OfferForm({
  inquiry,
  onCreated,
}: {
  inquiry: AdminInquiryDetail | null;
  onCreated: (offer: CreatedOffer) => void;
}) {
  const create = useCreateOffer();
  const flight = useSingleFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OfferFormValues, unknown, AdminOfferRequest>({
    resolver: zodResolver(adminOfferSchema) as unknown as Resolver<
      OfferFormValues,
      unknown,
      AdminOfferRequest
    >,
    mode: 'onTouched',
    defaultValues: {
      experienceId: inquiry?.experience?.id ?? '',
      date: '',
      time: '',
      guests: inquiry?.guests ? String(inquiry.guests) : '',
      totalAmount: '',
      platformFee: '',
      message: '',
      expiresInHours: String(OFFER_DEFAULT_EXPIRY_HOURS),
      preApproved: false,
      guest: { name: inquiry?.name ?? '', email: inquiry?.email ?? '', locale: inquiry?.locale ?? '' },
    },
  });
  // The total and the fee follow the experience, the party and the commission until the concierge types their own.
  const totalEdited = useRef(false);
  const feeEdited = useRef(false);

  const experienceId = form.watch('experienceId');
  const date = form.watch('date');
  const guestsText = form.watch('guests');
  const totalText = form.watch('totalAmount');
  const feeText = form.watch('platformFee');

  const experiences = useOfferableExperiences('');
  const experience = useOfferExperience(experienceId);
  const availability = useOfferAvailability(experienceId);
  const host = useOfferHost(experience.data?.hostId);
  const commission = host.data?.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;

  const options = useMemo(() => {
    const list = (experiences.data ?? []).map((e) => ({ id: e.id, title: `${e.title}（${e.city}）` }));
    if (inquiry?.experience && !list.some((e) => e.id === inquiry.experience!.id)) {
      list.unshift({ id: inquiry.experience.id, title: inquiry.experience.title });
    }
    return list;
  }, [experiences.data, inquiry]);

  const dates = availability.data?.dates ?? {};
  const dateKeys = Object.keys(dates).sort();
  const times = dates[date] ?? [];

  // A new experience: the party starts at its minimum unless the guest said how many, and its free starts apply.
  useEffect(() => {
    const detail = experience.data;
    if (!detail) return;
    if (form.getValues('guests') === '') form.setValue('guests', String(detail.participantsMin));
  }, [experience.data, form]);
  useEffect(() => {
    if (!availability.data) return;
    const current = form.getValues('date');
    if (current && !availability.data.dates[current]) {
      form.setValue('date', '');
      form.setValue('time', '');
    }
  }, [availability.data, form]);
  useEffect(() => {
    const current = form.getValues('time');
    if (current && !times.includes(current)) form.setValue('time', '');
  }, [times, form]);

  const guests = Number(guestsText);
  const price = experience.data?.price;
  useEffect(() => {
    if (totalEdited.current || price === undefined || !Number.isInteger(guests) || guests < 1) return;
    form.setValue('totalAmount', String(price * guests));
  }, [price, guests, form]);
  const total = wholeYen(totalText);
  useEffect(() => {
    if (feeEdited.current || total === null) return;
    form.setValue('platformFee', String(platformFeeOf(total, commission)));
  }, [total, commission, form]);
  const fee = wholeYen(feeText);

  const hostBlocked =
    host.data && (host.data.suspension || host.data.reviewStatus === 'underReview')
      ? `このホスト（${host.data.businessName}）は${host.data.suspension ? '停止中' : '審査中'}のため、オファーを作成できません。`
      : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const detail = experience.data;
    if (detail && (values.guests < detail.participantsMin || values.guests > detail.participantsMax)) {
      form.setError(
        'guests',
        { message: `この体験の人数は${detail.participantsMin}〜${detail.participantsMax}名です` },
        { shouldFocus: true },
      );
      return;
    }
    const body: AdminOfferRequest = {
      ...(inquiry ? { inquiryId: inquiry.id } : {}),
      experienceId: values.experienceId,
      date: values.date,
      time: values.time,
      guests: values.guests,
      totalAmount: values.totalAmount,
      // Left as proposed, the server applies the host's commission itself (the same rounding).
      ...(feeEdited.current && values.platformFee !== undefined ? { platformFee: values.platformFee } : {}),
      message: values.message,
      expiresInHours: values.expiresInHours,
      preApproved: values.preApproved ?? false,
      guest: values.guest,
    };
    try {
      onCreated(await create.mutateAsync(body));
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setFailure('オファーを作成できませんでした。時間をおいて再度お試しください。');
        return;
      }
      if (e.status === 401) return;
      if (e.status === 400 && e.fields) {
        const other: string[] = [];
        let first = true;
        for (const [name, message] of Object.entries(e.fields)) {
          const field = fieldOf(name);
          if (!field) {
            other.push(message);
            continue;
          }
          form.setError(field, { message }, { shouldFocus: first });
          first = false;
        }
        if (other.length > 0 || first) setFailure(other.join(' ') || e.message);
        return;
      }
      if (e.status === 409 && e.code === 'slot_unavailable') void availability.refetch();
      setFailure(
        e.status === 404
          ? e.message && e.code !== 'http_404' && e.code !== 'not_found'
            ? e.message
            : '体験が見つかりません。公開中の体験を選び直してください。'
          : e.status >= 400 && e.status < 500 && e.message
            ? e.message
            : 'オファーを作成できませんでした。時間をおいて再度お試しください。',
      );
    }
  });

  /** A field the page fills in until the concierge types in it: typing marks it as theirs. */
  const editedFieldProps = (
    edited: { current: boolean },
    name: 'totalAmount' | 'platformFee',
    hint: string,
  ) => {
    const props = textFieldProps(form, name, hint);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        edited.current = true;
        return props.onChange(event);
      },
    };
  };

  const submitting = flight.pending || form.formState.isSubmitting;
  const preApproved = form.watch('preApproved');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submitOnce(flight, onSubmit)}
      aria-label="オファー作成"
      sx={{ display: 'grid', gap: 2, maxWidth: 760 }}
    >
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Section title="体験と日時">
        <TextField
          select
          label="体験"
          required
          fullWidth
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...textFieldProps(form, 'experienceId', '公開中の体験から選びます')}
        >
          <option value="">選択してください</option>
          {options.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </TextField>
        {experiences.isError && (
          <RetryAlert onRetry={() => void experiences.refetch()}>
            体験の一覧を取得できませんでした。
          </RetryAlert>
        )}
        {hostBlocked && (
          <Alert severity="warning" role="alert">
            {hostBlocked}
          </Alert>
        )}
        {experienceId && availability.isError && (
          <RetryAlert onRetry={() => void availability.refetch()}>
            空き状況を取得できませんでした。
          </RetryAlert>
        )}
        {experienceId && availability.data && dateKeys.length === 0 && (
          <Alert severity="info">この体験には、いま予約できる日時がありません。</Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label="日付"
            required
            fullWidth
            disabled={!experienceId || !availability.data}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...textFieldProps(form, 'date', '空きのある日だけを表示しています')}
          >
            <option value="">選択してください</option>
            {dateKeys.map((d) => (
              <option key={d} value={d}>
                {formatDateJa(d)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="開始時刻"
            required
            fullWidth
            disabled={!date}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...textFieldProps(form, 'time', '空きのある開始時刻（日本時間）')}
          >
            <option value="">選択してください</option>
            {times.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </TextField>
        </Box>
        <TextField
          label="人数"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 200 }}
          {...textFieldProps(
            form,
            'guests',
            experience.data
              ? `${experience.data.participantsMin}〜${experience.data.participantsMax}名`
              : undefined,
          )}
        />
      </Section>
      <Section title="金額">
        <TextField
          label="合計金額（円）"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...editedFieldProps(
            totalEdited,
            'totalAmount',
            price !== undefined
              ? `通常料金は ${formatYen(price)} × 人数。変更できます（税込）`
              : '税込の合計金額（100円〜1,000万円）',
          )}
        />
        <TextField
          label="プラットフォーム手数料（円）"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...editedFieldProps(
            feeEdited,
            'platformFee',
            `初期値はホストの手数料率 ${commission}%（1円未満切り捨て）`,
          )}
        />
        <Typography data-testid="offer-host-net">
          ホストの受取額：{total !== null && fee !== null && fee <= total ? formatYen(total - fee) : '—'}
        </Typography>
      </Section>
      <Section title="お客様">
        <TextField label="お名前" required fullWidth {...textFieldProps(form, 'guest.name')} />
        <TextField
          label="メールアドレス"
          type="email"
          required
          fullWidth
          {...textFieldProps(form, 'guest.email', 'オファーのリンクをこのアドレスにお送りします')}
        />
        <TextField
          select
          label="言語"
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 280 }}
          {...textFieldProps(form, 'guest.locale', 'メールとオファーのページの言語')}
        >
          <option value="">選択してください</option>
          {guestLocales.map((l) => (
            <option key={l} value={l}>
              {siteLanguageNameJa(l)}
            </option>
          ))}
        </TextField>
      </Section>
      <Section title="メッセージと条件">
        <TextField
          label="お客様へのメッセージ"
          required
          multiline
          minRows={4}
          fullWidth
          slotProps={{ htmlInput: { maxLength: CONCIERGE_TEXT_MAX } }}
          {...textFieldProps(form, 'message', 'オファーのメールとページに表示されます（5,000文字まで）')}
        />
        <TextField
          label="有効期限（時間）"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 240 }}
          {...textFieldProps(
            form,
            'expiresInHours',
            '1〜72時間。期限までお客様のために予約枠を確保し、過ぎると解放します',
          )}
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={preApproved}
                onChange={(event) =>
                  form.setValue('preApproved', event.target.checked, { shouldDirty: true })
                }
              />
            }
            label="ホストの承諾済み"
          />
          <FormHelperText sx={{ mt: 0 }}>
            ホストがこの日時・人数・金額を了承済みの場合にチェックします。お客様の決済と同時に予約が確定し、ホストには確定のお知らせが届きます。チェックしない場合は、通常の予約リクエストとしてホストが48時間以内に承認します。
          </FormHelperText>
        </Box>
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? <CircularProgress size={22} color="inherit" aria-label="送信中" /> : 'オファーを送信'}
        </Button>
      </Box>
    </Box>
  );
}

export function AdminOfferCreatePage() {
  useBackOfficePageMeta('オファーを作成');
  const [params] = useSearchParams();
  const inquiryId = params.get('inquiry');
  const inquiry = useAdminInquiry(inquiryId ?? undefined);
  const [created, setCreated] = useState<CreatedOffer | null>(null);

  const back = inquiryId ? (
    <Button
      component={RouterLink}
      to={`/admin/inquiries/${encodeURIComponent(inquiryId)}`}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 1, ml: -1 }}
    >
      問い合わせに戻る
    </Button>
  ) : (
    <Button component={RouterLink} to="/admin/offers" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      オファー一覧に戻る
    </Button>
  );

  return (
    <>
      {back}
      <PageHeader
        title="オファーを作成"
        subtitle={
          inquiry.data
            ? `${inquiry.data.name} 様の問い合わせへのオファーです。送信するとお客様にリンクをメールでお送りし、有効期限まで予約枠を確保します。`
            : '送信するとお客様にリンクをメールでお送りし、有効期限まで予約枠を確保します。'
        }
      />
      {created ? (
        <CreatedPanel offer={created} inquiryId={inquiryId} />
      ) : inquiryId && inquiry.isError ? (
        <RetryAlert onRetry={() => void inquiry.refetch()}>問い合わせを取得できませんでした。</RetryAlert>
      ) : inquiryId && !inquiry.data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <OfferForm inquiry={inquiry.data ?? null} onCreated={setCreated} />
      )}
    </>
  );
}
