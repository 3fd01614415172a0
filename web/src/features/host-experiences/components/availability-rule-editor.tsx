/**
 * Opening hours and regular holidays (back-office spec §2 "Availability editor and opening hours"): start 00:00–23:00
 * and end the same plus 23:59, hourly; a 24-hour option (00:00–23:59, selectors disabled; unchecking restores 08:00
 * to 19:00); regular holidays as 日 月 火 水 木 金 土; closed on national holidays; bookings per slot; and the
 * specification's warnings, 定休日と重複しています and 営業日が設定されていません.
 */
import { Controller } from 'react-hook-form';
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
  weekdayLabelsJa,
} from '@domain/availability';
import { weekdays, type AvailabilityRule, type Weekday } from '@domain/entities';
import type { ExperienceForm } from './experience-form-types';

/** How many hourly slots a rule opens on an ordinary day (an overnight range counts both parts). */
function slotsPerDay(rule: AvailabilityRule): number {
  if (rule.allDay) return 24;
  const hour = (bound: string) => (bound === '23:59' ? 24 : Number(bound.slice(0, 2)));
  const s = hour(rule.defaultHours.start);
  const e = hour(rule.defaultHours.end);
  return s < e ? e - s : s > e ? 24 - s + e : 0;
}

export function RuleEditor({
  value,
  onChange,
}: {
  value: AvailabilityRule;
  onChange: (rule: AvailabilityRule) => void;
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
          sx={{ width: 140 }}
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
          sx={{ width: 140 }}
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
      <Typography variant="body2" color="text.secondary" data-testid="slots-per-day">
        1時間ごとに予約枠を作ります（営業日は1日 {slotsPerDay(rule)} 枠）。
        {overnight && ' 終了時刻が開始時刻より早いため、深夜の枠は翌日に入ります。'}
      </Typography>

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
          sx={{ flexWrap: 'wrap' }}
        >
          {weekdays.map((day) => (
            <ToggleButton
              key={day}
              value={day}
              aria-label={`${weekdayLabelsJa[day]}曜日`}
              sx={{
                width: 48,
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
        label="1枠あたりの受付数"
        type="number"
        value={String(rule.capacity)}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isInteger(n) && n >= 1 && n <= 100) set({ capacity: n });
        }}
        helperText="同じ時間に受け付けるグループ数です（通常は1）"
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

/** The rule as a field of the experience form. */
export function AvailabilityRuleField({ form }: { form: ExperienceForm }) {
  return (
    <Controller
      control={form.control}
      name="availability"
      render={({ field }) => (
        <RuleEditor
          value={field.value as AvailabilityRule}
          onChange={(rule) =>
            form.setValue('availability', rule, { shouldDirty: true, shouldValidate: true })
          }
        />
      )}
    />
  );
}
