/**
 * Edit an experience (back-office spec §2 "Edit experience screen", §4 edit flow, §5, §8): a skeleton while loading,
 * the not-found message for a missing id (or another host's: the API answers 404 alike), the fixed save button at
 * the top right (enabled only with changes on a valid form, a spinner while saving), the sections in the
 * specification's order, and the save of exactly the changed fields. A save over a newer version someone else saved
 * is refused by the API (409 `stale`) and explained here, with the way to carry the host's changes over.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import type { BackOfficeBooking, HostExperienceView } from '@domain/back-office-views';
import {
  EDIT_REQUIRED_MISSING_TOAST,
  experienceEditFormSchemaJa,
  PARTICIPANTS_RANGE_INVALID_TOAST,
  type ExperienceFormData,
} from '@domain/schemas/experience-form';
import { PageHeader } from '../../../components/back-office/page-header';
import { PublicationChip } from '../../../components/back-office/status-chips';
import { ApiError } from '../../../lib/api-client';
import { useAuthorizedApi } from '../../../lib/back-office-auth/use-authorized-api';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useToast } from '../../../lib/toast';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { experienceKey, useHostExperience, useSaveExperience } from '../api/experiences';
import { fetchBookingsOutsideRule } from '../api/bookings-outside-rule';
import { useInvalidateSlots } from '../api/slots';
import { AvailabilityRuleField } from '../components/availability-rule-editor';
import { BasicInfoSection, PriceField } from '../components/basic-info-section';
import {
  CategoriesSection,
  DetailBlocksSection,
  ExtraInfoSection,
  MainImagesSection,
  NotesSection,
  ParticipantsSection,
  PublicationSection,
} from '../components/content-sections';
import { FormSection } from '../components/form-section';
import { FormSectionIndex } from '../components/form-section-index';
import { SaveBar } from '../components/save-bar';
import { LeaveFormDialog } from '../components/leave-form-dialog';
import { MapSection } from '../components/map-section';
import { RuleChangeDialog } from '../components/rule-change-dialog';
import { SlotCalendar } from '../components/slot-calendar';
import {
  changedFields,
  experiencePatch,
  experienceValuesOf,
  type ExperienceFormState,
} from '../hooks/experience-form-model';
import { applyServerErrors, isParticipantsRangeError } from '../hooks/form-errors';
import { EDIT_SECTIONS } from '../hooks/experience-form-sections';
import { FormSectionsContext, useFormSections } from '../hooks/form-sections';
import { useUnsavedChangesWarning } from '../hooks/use-unsaved-changes-warning';
import { useUploadTracker } from '../hooks/use-upload-tracker';

export const SAVED_TOAST = { title: '保存しました', message: '体験の内容を更新しました。' } as const;
export const NOT_FOUND_MESSAGE = '体験が見つかりませんでした。';
export const UPDATE_FAILED = '体験の更新に失敗しました。';
export const BOOKINGS_CHECK_FAILED =
  '営業時間の変更で影響を受ける予約を確認できませんでした。もう一度保存してください。';
export const STALE_TITLE = 'この体験は、編集を始めた後に別の画面で更新されています';
export const STALE_TEXT =
  'このまま保存すると、その更新を上書きしてしまうため保存できませんでした。最新の内容を読み込み、あなたの変更を重ねて表示します。内容を確認してから、もう一度保存してください。';
const REQUIRED_FIELDS = ['title', 'postalCode', 'prefecture', 'city', 'district', 'streetAddress'] as const;

function EditSkeleton() {
  return (
    <Box aria-busy="true" aria-label="読み込み中">
      <Skeleton width={160} height={36} />
      <Skeleton width="50%" height={48} sx={{ mb: 2 }} />
      <Stack spacing={3}>
        {[240, 160, 200, 280].map((h, i) => (
          <Skeleton key={i} variant="rounded" height={h} />
        ))}
      </Stack>
    </Box>
  );
}

function EditForm({ initial }: { initial: HostExperienceView }) {
  const toast = useToast();
  const api = useAuthorizedApi();
  const queryClient = useQueryClient();
  const save = useSaveExperience(initial.id);
  const invalidateSlots = useInvalidateSlots(initial.id);
  const uploads = useUploadTracker();
  const { hash } = useLocation();
  // An experience without a rule of its own shows the host's policy, the rule in effect (loaded by the host shell).
  const hostPolicy = useHostMe().data?.cancellationPolicy;
  /** The version the form shows; a save names it so the API can refuse overwriting a newer one. */
  const version = useRef(initial.updatedAt);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [current, setCurrent] = useState(initial);
  const [ruleChange, setRuleChange] = useState<{
    bookings: BackOfficeBooking[];
    data: ExperienceFormData;
    changed: (keyof ExperienceFormData)[];
  } | null>(null);

  const form = useForm<ExperienceFormState, unknown, ExperienceFormData>({
    resolver: zodResolver(experienceEditFormSchemaJa) as Resolver<
      ExperienceFormState,
      unknown,
      ExperienceFormData
    >,
    mode: 'onTouched',
    defaultValues: experienceValuesOf(initial, hostPolicy),
  });
  const { isDirty, isValid, isSubmitting, dirtyFields } = form.formState;
  /** One save at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const leaving = useUnsavedChangesWarning(isDirty);
  const reportMain = useCallback((n: number) => uploads.report('main', n), [uploads]);
  const reportDetail = useCallback(
    (block: 1 | 2, n: number) => uploads.report(`detail${block}`, n),
    [uploads],
  );
  const publication = useWatch({ control: form.control, name: 'publicationStatus' });
  // A phone folds the sections (the form was ~7,000 px tall there): the host opens the one to change, from its
  // line or the index; an address's #section opens that one. Wider screens open them all.
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const sections = useFormSections(EDIT_SECTIONS, form, {
    startOpen: phone ? (hash ? [hash.slice(1)] : []) : EDIT_SECTIONS.map((s) => s.id),
    stepping: phone,
  });
  // A new length changes the starts (and their spans) as a new rule does.
  const ruleChanged = changedFields(dirtyFields).some((f) => f === 'availability' || f === 'durationMinutes');

  useEffect(() => {
    // What the stored experience already lacks under today's rules (an experience made without photos) shows at
    // once, so a host does not wonder why saving stays disabled.
    void form.trigger();
  }, [form]);

  useEffect(() => {
    // Arriving at #publication (from the list's "unpublish instead"): open that section and show it. Once per
    // address: `sections` changes with every section opened, and must not reopen this one.
    if (hash) sections.show(hash.slice(1));
  }, [hash]);

  /** Saves exactly the changed fields over the version the form shows. */
  const saveChanges = async (data: ExperienceFormData, changed: (keyof ExperienceFormData)[]) => {
    try {
      const saved = await save.mutateAsync(experiencePatch(data, changed, version.current));
      version.current = saved.updatedAt;
      setCurrent(saved);
      setStale(false);
      form.reset(experienceValuesOf(saved, hostPolicy));
      if (changed.includes('availability') || changed.includes('durationMinutes')) void invalidateSlots();
      toast({ severity: 'success', ...SAVED_TOAST });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'stale') {
        setStale(true);
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
        return;
      }
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        applyServerErrors(form, e.fields);
        sections.revealErrors();
      }
      toast({
        severity: 'error',
        title: 'エラー',
        message: e instanceof ApiError && e.status < 500 && e.status !== 0 ? e.message : UPDATE_FAILED,
      });
    }
  };

  const onSubmit = form.handleSubmit(
    async (data) => {
      const changed = changedFields(form.formState.dirtyFields);
      if (changed.length === 0) return;
      if (changed.includes('availability') || changed.includes('durationMinutes')) {
        // A new rule never hides a booking, but the host is told which ones it leaves outside the hours first.
        const outside = await fetchBookingsOutsideRule(api, initial.id, data.availability).catch(() => null);
        if (outside === null) {
          toast({ severity: 'error', title: 'エラー', message: BOOKINGS_CHECK_FAILED });
          return;
        }
        if (outside.length > 0) {
          setRuleChange({ bookings: outside, data, changed });
          return;
        }
      }
      await saveChanges(data, changed);
    },
    (errors) => {
      if (REQUIRED_FIELDS.some((name) => errors[name])) {
        toast({ severity: 'error', message: EDIT_REQUIRED_MISSING_TOAST });
      } else if (isParticipantsRangeError(errors)) {
        toast({ severity: 'error', message: PARTICIPANTS_RANGE_INVALID_TOAST });
      }
      sections.revealErrors();
    },
  );

  /** Loads the newer version and lays the host's own changes over it (they stay marked as changes). */
  const reloadKeepingChanges = async () => {
    setReloading(true);
    try {
      const latest = await api<HostExperienceView>(`/host/experiences/${encodeURIComponent(initial.id)}`);
      queryClient.setQueryData(experienceKey(initial.id), latest);
      const changed = changedFields(form.formState.dirtyFields);
      const mine = form.getValues();
      form.reset(experienceValuesOf(latest, hostPolicy));
      for (const name of changed) {
        form.setValue(name, mine[name] as never, { shouldDirty: true, shouldValidate: true });
      }
      version.current = latest.updatedAt;
      setCurrent(latest);
      setStale(false);
      toast({
        severity: 'info',
        message: '最新の内容を読み込み、あなたの変更を重ねました。確認して保存してください。',
      });
    } catch {
      toast({ severity: 'error', title: 'エラー', message: '最新の内容を読み込めませんでした。' });
    } finally {
      setReloading(false);
    }
  };

  const saving = flight.pending || isSubmitting || save.isPending;
  const canSave = isDirty && isValid && !saving && uploads.uploading === 0 && !stale;

  return (
    <>
      <Button component={RouterLink} to="/host/experiences" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        体験一覧へ戻る
      </Button>
      <PageHeader
        title={current.title}
        subtitle={isDirty ? '未保存の変更があります' : '変更はすべて保存されています'}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <PublicationChip status={publication ?? current.publicationStatus} />
            {current.publicationStatus === 'public' && (
              <Button
                size="small"
                href={`/experience/${encodeURIComponent(current.id)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                公開ページを見る
              </Button>
            )}
          </Box>
        }
      />
      {stale && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          role="alert"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void reloadKeepingChanges()}
              disabled={reloading}
            >
              {reloading ? (
                <CircularProgress size={18} color="inherit" aria-label="読み込み中" />
              ) : (
                '最新の内容を読み込む'
              )}
            </Button>
          }
        >
          <AlertTitle>{STALE_TITLE}</AlertTitle>
          {STALE_TEXT}
        </Alert>
      )}
      <FormSectionsContext.Provider value={sections}>
        <FormSectionIndex />
        <Stack
          component="form"
          noValidate
          spacing={phone ? 1.5 : 3}
          onSubmit={submitOnce(flight, onSubmit)}
          id="experience-edit-form"
        >
          <BasicInfoSection form={form} withPrice={false} />
          <MapSection form={form} />
          <FormSection id="price" title="大人料金">
            <PriceField form={form} />
          </FormSection>
          <MainImagesSection form={form} onBusyChange={reportMain} />
          <DetailBlocksSection form={form} onBusyChange={reportDetail} />
          <NotesSection form={form} />
          <ExtraInfoSection form={form} withCategories={false} />
          <CategoriesSection form={form} />
          <FormSection
            id="availability"
            title="予約枠"
            description="営業時間・所要時間・開始時刻から、予約できる期間の予約枠が自動で作られます。カレンダーの日付を押すと、開始時刻ごとに休止・再開や受付数の変更ができ、予約済みのツアーは開始から終了までの時間帯で表示されます。"
          >
            <Stack spacing={3}>
              <AvailabilityRuleField form={form} />
              <SlotCalendar experienceId={initial.id} ruleChanged={ruleChanged} />
            </Stack>
          </FormSection>
          <ParticipantsSection form={form} />
          <PublicationSection form={form} />
        </Stack>
      </FormSectionsContext.Provider>
      <LeaveFormDialog blocker={leaving.blocker} />
      {ruleChange && (
        <RuleChangeDialog
          bookings={ruleChange.bookings}
          onCancel={() => setRuleChange(null)}
          onConfirm={() => {
            const { data, changed } = ruleChange;
            setRuleChange(null);
            void flight.run(() => saveChanges(data, changed));
          }}
        />
      )}
      <SaveBar>
        {isDirty && !isValid && (
          // Saving waits for a valid form: this leads to what is wrong, in whichever section it is.
          <Button color="error" onClick={sections.revealErrors} sx={{ mr: 'auto' }}>
            エラーのある項目へ
          </Button>
        )}
        <Button
          type="submit"
          form="experience-edit-form"
          variant="contained"
          size="large"
          startIcon={saving ? undefined : <SaveOutlinedIcon />}
          disabled={!canSave}
          sx={{ minWidth: 120 }}
        >
          {saving ? <CircularProgress size={24} color="inherit" aria-label="保存中" /> : '保存する'}
        </Button>
      </SaveBar>
    </>
  );
}

export function ExperienceEditPage() {
  const { id = '' } = useParams();
  const experience = useHostExperience(id);
  useBackOfficePageMeta(experience.data ? `${experience.data.title} を編集` : '体験を編集');

  if (experience.isPending) return <EditSkeleton />;
  if (experience.isError) {
    const notFound = experience.error instanceof ApiError && experience.error.status === 404;
    return (
      <Box sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
          {notFound ? NOT_FOUND_MESSAGE : '体験を読み込めませんでした。'}
        </Typography>
        {!notFound && (
          <Button onClick={() => void experience.refetch()} sx={{ mr: 1 }}>
            再読み込み
          </Button>
        )}
        <Button component={RouterLink} to="/host/experiences" variant="contained">
          体験一覧へ戻る
        </Button>
      </Box>
    );
  }
  return <EditForm key={experience.data.id} initial={experience.data} />;
}
