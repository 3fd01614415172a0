/**
 * The content sections of the experience form (back-office spec §2): main images, the two detail blocks, the notes
 * guests should know, video and cancellation policy, categories, participants and publication.
 */
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HOST_UNDER_REVIEW_MESSAGE, MAX_MAIN_IMAGES, MAX_TAGS } from '@domain/schemas/experience-form';
import { errorOf, textFieldProps } from '../../../lib/back-office/form';
import { useHostMe } from '../../../lib/back-office/host-account';
import { useCategoryOptions } from '../api/experiences';
import type { ExperienceForm } from './experience-form-types';
import { categoryNameJa } from './category-names';
import { FormSection } from './form-section';
import { ImageListField } from './image-list-field';
import { RefundRuleEditor } from './refund-rule-editor';

const dirty = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;

export function MainImagesSection({
  form,
  onBusyChange,
}: {
  form: ExperienceForm;
  onBusyChange: (uploading: number) => void;
}) {
  const value = useWatch({ control: form.control, name: 'mainImages' }) ?? [];
  // One rule for create and edit: a published experience keeps at least one photo; a private draft may have none.
  const required = useWatch({ control: form.control, name: 'publicationStatus' }) === 'public';
  return (
    <FormSection
      id="images"
      title="メイン画像"
      description={`最大${MAX_MAIN_IMAGES}枚。1枚目が一覧や検索結果に表示されるメイン画像になります。ドラッグまたは矢印で並べ替えられます。`}
    >
      <ImageListField
        label="メイン画像"
        value={value}
        onChange={(refs) => form.setValue('mainImages', refs, dirty)}
        max={MAX_MAIN_IMAGES}
        required={required}
        error={errorOf(form, 'mainImages')}
        onBusyChange={onBusyChange}
      />
    </FormSection>
  );
}

function DetailBlock({
  form,
  n,
  onBusyChange,
}: {
  form: ExperienceForm;
  n: 1 | 2;
  onBusyChange: (uploading: number) => void;
}) {
  const image = useWatch({ control: form.control, name: n === 1 ? 'detailImage1' : 'detailImage2' });
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }}>詳細 {n}</Typography>
      <ImageListField
        label={`詳細${n}の画像`}
        value={image ? [image] : []}
        onChange={(refs) => form.setValue(n === 1 ? 'detailImage1' : 'detailImage2', refs[0] ?? null, dirty)}
        max={1}
        onBusyChange={onBusyChange}
        hint="任意・1枚、10MBまで"
      />
      <TextField
        label={`詳細${n}の見出し`}
        fullWidth
        {...textFieldProps(form, n === 1 ? 'detailHeading1' : 'detailHeading2')}
      />
      <TextField
        label={`詳細${n}の本文`}
        fullWidth
        multiline
        minRows={3}
        {...textFieldProps(form, n === 1 ? 'detailText1' : 'detailText2')}
      />
    </Stack>
  );
}

export function DetailBlocksSection({
  form,
  onBusyChange,
}: {
  form: ExperienceForm;
  onBusyChange: (n: 1 | 2, uploading: number) => void;
}) {
  return (
    <FormSection
      id="details"
      title="詳細"
      description="体験の見どころを画像・見出し・本文で2つまで紹介できます（任意）。"
    >
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DetailBlock form={form} n={1} onBusyChange={(u) => onBusyChange(1, u)} />
        <DetailBlock form={form} n={2} onBusyChange={(u) => onBusyChange(2, u)} />
      </Box>
    </FormSection>
  );
}

export function NotesSection({ form }: { form: ExperienceForm }) {
  return (
    <FormSection id="notes" title="事前に知っておくこと" description="予約前のゲストに表示されます（任意）。">
      <Stack spacing={2.5}>
        <TextField
          label="料金について"
          fullWidth
          multiline
          minRows={2}
          {...textFieldProps(form, 'thingsToKnowPrice', '料金に含まれるもの・含まれないものなど')}
        />
        <TextField
          label="スケジュール"
          fullWidth
          multiline
          minRows={2}
          {...textFieldProps(form, 'thingsToKnowItinerary', '当日の流れと所要時間')}
        />
        <TextField
          label="服装・持ち物"
          fullWidth
          multiline
          minRows={2}
          {...textFieldProps(form, 'thingsToKnowClothes')}
        />
        <TextField
          label="注意事項"
          fullWidth
          multiline
          minRows={2}
          {...textFieldProps(form, 'thingsToKnowNote')}
        />
      </Stack>
    </FormSection>
  );
}

export function VideoAndPolicyFields({ form }: { form: ExperienceForm }) {
  return (
    <Stack spacing={2.5}>
      <TextField
        label="動画URL"
        type="url"
        fullWidth
        placeholder="https://www.youtube.com/watch?v=…"
        {...textFieldProps(form, 'movie', 'YouTube などの動画のURL（任意）')}
      />
      <TextField
        label="キャンセルポリシー"
        fullWidth
        multiline
        minRows={3}
        {...textFieldProps(
          form,
          'cancellationPolicy',
          // One policy (DESIGN §4j): the rule below is what is charged; the text is the host's notes beside it.
          'ゲストには返金ルールの後に「ホストからの補足」として表示されます（例: 雨天時の連絡方法）。返金ルールにない日数や返金率は書けません',
        )}
      />
      <RefundRuleEditor form={form} />
    </Stack>
  );
}

export function CategoriesField({ form }: { form: ExperienceForm }) {
  const categories = useCategoryOptions();
  return (
    <Controller
      control={form.control}
      name="categoryIds"
      render={({ field }) => {
        const selected = field.value ?? [];
        return (
          <Box role="group" aria-labelledby="categories-label">
            <Typography id="categories-label" sx={{ fontWeight: 600, mb: 1 }}>
              カテゴリー
            </Typography>
            {categories.isPending && <Skeleton height={96} />}
            {categories.isError && (
              <FormHelperText>カテゴリーを読み込めませんでした。あとで設定できます。</FormHelperText>
            )}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
                columnGap: 2,
              }}
            >
              {(categories.data ?? []).map((category) => (
                <FormControlLabel
                  key={category.id}
                  label={categoryNameJa(category)}
                  control={
                    <Checkbox
                      checked={selected.includes(category.id)}
                      onChange={(_, checked) =>
                        form.setValue(
                          'categoryIds',
                          checked ? [...selected, category.id] : selected.filter((id) => id !== category.id),
                          dirty,
                        )
                      }
                    />
                  }
                />
              ))}
            </Box>
          </Box>
        );
      }}
    />
  );
}

export function TagsField({ form }: { form: ExperienceForm }) {
  return (
    <Controller
      control={form.control}
      name="tags"
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={field.value ?? []}
          onChange={(_, tags) =>
            form.setValue(
              'tags',
              tags
                .map((t) => t.trim())
                .filter(Boolean)
                .slice(0, MAX_TAGS),
              dirty,
            )
          }
          renderValue={(tags, getItemProps) =>
            tags.map((tag, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} label={tag} size="small" {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="タグ"
              helperText="入力して Enter で追加（例: 温泉、サイクリング）。体験カードに表示されます。"
            />
          )}
        />
      )}
    />
  );
}

export function ExtraInfoSection({
  form,
  withCategories,
}: {
  form: ExperienceForm;
  withCategories: boolean;
}) {
  return (
    <FormSection id="extra" title={withCategories ? '追加情報' : '動画・キャンセルポリシー'}>
      <Stack spacing={3}>
        <VideoAndPolicyFields form={form} />
        {withCategories && <CategoriesField form={form} />}
        {withCategories && <TagsField form={form} />}
      </Stack>
    </FormSection>
  );
}

export function CategoriesSection({ form }: { form: ExperienceForm }) {
  return (
    <FormSection id="categories" title="カテゴリー・タグ">
      <Stack spacing={3}>
        <CategoriesField form={form} />
        <TagsField form={form} />
      </Stack>
    </FormSection>
  );
}

export function ParticipantsSection({ form }: { form: ExperienceForm }) {
  return (
    <FormSection id="participants" title="参加人数" description="1回の予約で受け付ける人数の範囲です。">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '200px 200px' } }}>
        <TextField
          label="最少人数"
          type="number"
          required
          {...textFieldProps(form, 'participantsMin')}
          onChange={(e) => {
            void form.register('participantsMin').onChange(e);
            // The other field's message depends on this one (the range): recheck it once it has been visited.
            if (form.getFieldState('participantsMax').isTouched) void form.trigger('participantsMax');
          }}
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label="最大人数"
          type="number"
          required
          {...textFieldProps(form, 'participantsMax')}
          onChange={(e) => {
            void form.register('participantsMax').onChange(e);
            if (form.getFieldState('participantsMin').isTouched) void form.trigger('participantsMin');
          }}
          slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
        />
      </Box>
    </FormSection>
  );
}

export function PublicationSection({ form }: { form: ExperienceForm }) {
  // A host under review cannot publish (the API answers 409): said before the host chooses, and 公開 is not
  // offered, rather than refused after the whole form is filled in (issue 32 item 11). An experience that is
  // already public (a host put back under review) keeps its choice.
  const underReview = useHostMe().data?.reviewStatus === 'underReview';
  return (
    <FormSection id="publication" title="公開設定">
      {underReview && (
        <Alert severity="info" sx={{ mb: 1.5 }} data-testid="publication-under-review">
          <AlertTitle>審査中のため公開できません</AlertTitle>
          {HOST_UNDER_REVIEW_MESSAGE}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="publicationStatus"
        render={({ field }) => (
          <RadioGroup
            value={field.value ?? 'private'}
            onChange={(_, v) => {
              field.onChange(v);
              // What publishing needs (a photo, a price) shows at once, and goes when back to private.
              void form.trigger(['mainImages', 'price']);
            }}
            aria-label="公開設定"
          >
            <FormHelperText sx={{ mx: 0 }}>公開するには、メイン画像1枚以上と料金が必要です。</FormHelperText>
            <FormControlLabel
              value="private"
              control={<Radio />}
              label={
                <span>
                  非公開{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    — 自分だけが見られます。準備中の体験に。
                  </Typography>
                </span>
              }
            />
            <FormControlLabel
              value="public"
              control={<Radio />}
              disabled={underReview && field.value !== 'public'}
              label={
                <span>
                  公開{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {underReview && field.value !== 'public'
                      ? '— 審査の完了後に選べます。'
                      : '— ゲストが検索・予約できます。'}
                  </Typography>
                </span>
              }
            />
          </RadioGroup>
        )}
      />
    </FormSection>
  );
}
