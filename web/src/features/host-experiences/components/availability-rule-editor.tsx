/**
 * Opening hours and regular holidays (back-office spec §2 "Availability editor and opening hours"): start 00:00–23:00
 * and end the same plus 23:59, hourly; a 24-hour option (00:00–23:59, selectors disabled; unchecking restores 08:00
 * to 19:00); regular holidays as 日 月 火 水 木 金 土; closed on national holidays; groups at the same moment; and the
 * specification's warnings, 定休日と重複しています and 営業日が設定されていません. With them (DESIGN §4j) the tour's
 * length, its start times and the buffer after it (`tour-times-editor.tsx`).
 */
import { Controller, useWatch, type FieldErrors } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  ALL_DAY_HOURS,
  availabilityRuleNotices,
  defaultAvailabilityRule,
  hourEndOptions,
  hourStartOptions,
  ruleSlotTimes,
  weekdayLabelsJa,
} from '@domain/availability';
import { weekdays, type AvailabilityRule, type Weekday } from '@domain/entities';
import { DEFAULT_DURATION_MINUTES } from '@domain/tour-span';
import type { ExperienceForm } from './experience-form-types';
import type { ExperienceFormState } from '../hooks/experience-form-model';
import { DurationPicker, StartTimesEditor } from './tour-times-editor';

/**
 * The starts a rule gives a tour on an ordinary open day (no holiday around it): the editor's preview. 2026-06-02
 * is a Tuesday with no national holiday on either side.
 */
function startsOfOpenDay(rule: AvailabilityRule, durationMinutes: number): string[] {
  const open = { ...rule, regularHolidays: [], closedOnNationalHolidays: false };
  return ruleSlotTimes(open, '2026-06-02', durationMinutes);
}

/** Every message under a form error (the rule's errors are nested: `availability.startTimes.0`). */
function messagesOf(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const own =
    typeof (error as { message?: unknown }).message === 'string'
      ? [(error as { message: string }).message]
      : [];
  const nested = Object.entries(error)
    .filter(([key]) => key !== 'message' && key !== 'ref' && key !== 'type')
    .flatMap(([, value]) => messagesOf(value));
  return [...new Set([...own, ...nested])];
}

export function RuleEditor({
  value,
  onChange,
  durationMinutes = DEFAULT_DURATION_MINUTES,
  errors = [],
}: {
  value: AvailabilityRule;
  onChange: (rule: AvailabilityRule) => void;
  durationMinutes?: number;
  errors?: string[];
}) {
  const rule = value;
  const notices = availabilityRuleNotices(rule);
  const hours = rule.allDay ? ALL_DAY_HOURS : rule.defaultHours;
  const set = (patch: Partial<AvailabilityRule>) => onChange({ ...rule, ...patch });
  const overnight = !rule.allDay && rule.defaultHours.start > rule.defaultHours.end;

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          label="開始時刻"
          value={hours.start}
          disabled={rule.allDay}
          onChange={(e) => set({ defaultHours: { ...rule.defaultHours, start: e.target.value } })}
          sx={{ width: { xs: 118, sm: 140 } }}
        >
          {hourStartOptions.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
        <Typography aria-hidden>〜</Typography>
        <TextField
          select
          label="終了時刻"
          value={hours.end}
          disabled={rule.allDay}
          onChange={(e) => set({ defaultHours: { ...rule.defaultHours, end: e.target.value } })}
          sx={{ width: { xs: 118, sm: 140 } }}
        >
          {hourEndOptions.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          label="24時間営業"
          control={
            <Checkbox
              checked={rule.allDay}
              onChange={(_, checked) =>
                set(
                  checked
                    ? { allDay: true, defaultHours: { ...ALL_DAY_HOURS } }
                    : { allDay: false, defaultHours: { ...defaultAvailabilityRule.defaultHours } },
                )
              }
            />
          }
        />
      </Box>
      {overnight && (
        <Typography variant="body2" color="text.secondary">
          終了時刻が開始時刻より早いため、深夜の枠は翌日に入ります。
        </Typography>
      )}
      <StartTimesEditor
        rule={rule}
        onChange={(patch) => {
          const next = { ...rule, ...patch };
          // Absent, not undefined: the rule as stored has no key for "every hour" or "no buffer".
          if (next.startTimes === undefined) delete next.startTimes;
          if (next.bufferMinutes === undefined) delete next.bufferMinutes;
          onChange(next);
        }}
        durationMinutes={durationMinutes}
        starts={startsOfOpenDay(rule, durationMinutes)}
        errors={errors}
      />

      <Box>
        <Typography id="holidays-label" sx={{ fontWeight: 600, mb: 1 }}>
          定休日
        </Typography>
        <ToggleButtonGroup
          aria-labelledby="holidays-label"
          value={rule.regularHolidays}
          onChange={(_, days: Weekday[]) =>
            set({ regularHolidays: weekdays.filter((d) => days.includes(d)) })
          }
          size="small"
          sx={{ flexWrap: 'nowrap' }}
        >
          {weekdays.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              aria-label={`${weekdayLabelsJa[day]}曜日`}
              sx={{
                width: { xs: 40, sm: 48 },
                fontWeight: 700,
                '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'error.main', color: '#fff' },
              }}
            >
              {weekdayLabelsJa[day]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          label="祝日は休業する"
          control={
            <Checkbox
              checked={rule.closedOnNationalHolidays === true}
              onChange={(_, checked) => set({ closedOnNationalHolidays: checked })}
            />
          }
        />
      </Box>

      <TextField
        label="同時に受け付ける組数"
        type="number"
        value={String(rule.capacity)}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isInteger(n) && n >= 1 && n <= 100) set({ capacity: n });
        }}
        helperText="同じ時間帯に同時に案内できるグループ数です（ガイド1人なら1）。ツアーの時間が重なる予約はこの数までです"
        slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
        sx={{ width: 220 }}
      />

      {notices.map((notice) =>
        notice.kind === 'holiday_overlap' ? (
          <Alert key={notice.kind} severity="warning" role="status">
            {notice.message}
            <Typography variant="body2" component="span" sx={{ display: 'block' }}>
              深夜の営業時間が、定休日（{notice.weekdays.map((d) => weekdayLabelsJa[d]).join('・')}
              ）の早朝にかかります。
            </Typography>
          </Alert>
        ) : (
          <Alert key={notice.kind} severity="error" role="status">
            {notice.message}
          </Alert>
        ),
      )}
    </Stack>
  );
}

/** The tour's length and the rule as fields of the experience form. */
export function AvailabilityRuleField({ form }: { form: ExperienceForm }) {
  const duration = useWatch({ control: form.control, name: 'durationMinutes' });
  const errors: FieldErrors<ExperienceFormState> = form.formState.errors;
  return (
    <Stack spacing={3}>
      <Controller
        control={form.control}
        name="durationMinutes"
        render={({ field }) => (
          <DurationPicker
            value={Number(field.value)}
            onChange={(minutes) =>
              form.setValue('durationMinutes', minutes, { shouldDirty: true, shouldValidate: true })
            }
            error={errors.durationMinutes?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="availability"
        render={({ field }) => (
          <RuleEditor
            value={field.value as AvailabilityRule}
            durationMinutes={Number(duration) || DEFAULT_DURATION_MINUTES}
            errors={messagesOf(errors.availability)}
            onChange={(rule) =>
              form.setValue('availability', rule, { shouldDirty: true, shouldValidate: true })
            }
          />
        )}
      />
    </Stack>
  );
}
