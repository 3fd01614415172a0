/**
 * Create an experience (back-office spec §2 "Create experience screen", §5, §8): a back link, then basic info (with
 * the price), map, main images, two detail blocks, notes, extra info (video, cancellation policy, categories),
 * participants, opening hours and holidays, publication, submit. Validation and messages from the shared schema (in
 * Japanese); success toasts and returns to the list.
 */
import { useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  experienceCreateFormSchemaJa,
  PARTICIPANTS_RANGE_INVALID_TOAST,
  type ExperienceFormData,
} from '@domain/schemas/experience-form';
import { PageHeader } from '../../../components/back-office/page-header';
import { ApiError } from '../../../lib/api-client';
import { useBackOfficePageMeta } from '../../../lib/back-office/page-meta';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useToast } from '../../../lib/toast';
import { submitOnce, useSingleFlight } from '../../../lib/back-office/use-single-flight';
import { useCreateExperience } from '../api/experiences';
import { AvailabilityRuleField } from '../components/availability-rule-editor';
import { BasicInfoSection } from '../components/basic-info-section';
import {
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
import { applyServerErrors, isParticipantsRangeError } from '../hooks/form-errors';
import { CREATE_SECTIONS } from '../hooks/experience-form-sections';
import { FormSectionsContext, useFormSections } from '../hooks/form-sections';
import { newExperienceValues, type ExperienceFormState } from '../hooks/experience-form-model';
import { useUploadTracker } from '../hooks/use-upload-tracker';
import { useUnsavedChangesWarning } from '../hooks/use-unsaved-changes-warning';

export const CREATED_TOAST = { title: '作成しました', message: '体験を作成しました' } as const;
export const CREATE_FAILED_TOAST = {
  title: 'エラーが発生しました',
  message: '体験の作成に失敗しました。もう一度お試しください。',
} as const;

export function ExperienceCreatePage() {
  useBackOfficePageMeta('体験を作成');
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateExperience();
  const uploads = useUploadTracker();
  // The host shell has loaded the account before any page shows: its policy is the new rule's default.
  const hostPolicy = useHostMe().data?.cancellationPolicy;
  const form = useForm<ExperienceFormState, unknown, ExperienceFormData>({
    // The schema reads numbers typed as text (its input type says `unknown`); the form keeps them as strings.
    resolver: zodResolver(experienceCreateFormSchemaJa) as Resolver<
      ExperienceFormState,
      unknown,
      ExperienceFormData
    >,
    mode: 'onTouched',
    defaultValues: newExperienceValues(hostPolicy),
  });
  /** One create request at a time, however fast the clicks. */
  const flight = useSingleFlight();
  const leaving = useUnsavedChangesWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  // A phone steps through the sections, the first one open; wider screens open them all (issue 32 item 13).
  const phone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const sections = useFormSections(CREATE_SECTIONS, form, {
    startOpen: phone ? ['basic'] : CREATE_SECTIONS.map((s) => s.id),
    stepping: phone,
  });
  const reportMain = useCallback((n: number) => uploads.report('main', n), [uploads]);
  const reportDetail = useCallback(
    (block: 1 | 2, n: number) => uploads.report(`detail${block}`, n),
    [uploads],
  );

  const onSubmit = form.handleSubmit(
    async (data) => {
      if (uploads.uploading > 0) {
        toast({ severity: 'warning', message: '画像のアップロードが終わるまでお待ちください。' });
        return;
      }
      try {
        await create.mutateAsync(data);
      } catch (e) {
        if (e instanceof ApiError && e.status === 400 && e.fields) {
          applyServerErrors(form, e.fields);
          sections.revealErrors();
        }
        // A host under review may save the experience as private, not publish it: the API says why.
        const underReview =
          e instanceof ApiError && (e.code === 'host_under_review' || e.code === 'payout_account_required');
        toast({
          severity: 'error',
          ...(underReview ? { title: '公開できません', message: e.message } : CREATE_FAILED_TOAST),
        });
        throw e;
      }
      toast({ severity: 'success', ...CREATED_TOAST });
      leaving.leaveAfterSave();
      navigate('/host/experiences');
    },
    (errors) => {
      // Back-office spec §5: an invalid participants range stops the submit with its own toast.
      if (isParticipantsRangeError(errors)) {
        toast({ severity: 'error', message: PARTICIPANTS_RANGE_INVALID_TOAST });
      }
      sections.revealErrors();
    },
  );

  return (
    <>
      <Button component={RouterLink} to="/host/experiences" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        体験一覧へ戻る
      </Button>
      <PageHeader title="新しい体験を作成" subtitle="* は必須項目です" />
      <LeaveFormDialog blocker={leaving.blocker} />
      <FormSectionsContext.Provider value={sections}>
        <FormSectionIndex />
        <Stack
          component="form"
          id="experience-create-form"
          noValidate
          spacing={phone ? 1.5 : 3}
          onSubmit={submitOnce(flight, (e) => onSubmit(e).catch(() => {}))}
        >
          <BasicInfoSection form={form} withPrice />
          <MapSection form={form} />
          <MainImagesSection form={form} onBusyChange={reportMain} />
          <DetailBlocksSection form={form} onBusyChange={reportDetail} />
          <NotesSection form={form} />
          <ExtraInfoSection form={form} withCategories />
          <ParticipantsSection form={form} />
          <FormSection
            id="hours"
            title="営業時間・定休日"
            description="予約枠は、営業時間内で所要時間が収まる開始時刻に自動で作られます。"
          >
            <AvailabilityRuleField form={form} />
          </FormSection>
          <PublicationSection form={form} />
        </Stack>
      </FormSectionsContext.Provider>
      <SaveBar>
        <Button component={RouterLink} to="/host/experiences">
          キャンセル
        </Button>
        <Button
          type="submit"
          form="experience-create-form"
          variant="contained"
          size="large"
          disabled={flight.pending || form.formState.isSubmitting || uploads.uploading > 0}
        >
          {flight.pending || form.formState.isSubmitting ? (
            <CircularProgress size={24} color="inherit" aria-label="作成中" />
          ) : uploads.uploading > 0 ? (
            'アップロード中…'
          ) : (
            '体験を作成'
          )}
        </Button>
      </SaveBar>
    </>
  );
}
