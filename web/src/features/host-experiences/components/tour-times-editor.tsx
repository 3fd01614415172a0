/**
 * How a tour runs (DESIGN §4j): its length in hours and minutes, the start times (every hour from opening, or the
 * host's own), and a buffer after each tour for the guide to reset or travel. What guests are offered follows:
 * only starts whose tour ends by closing, and never two tours at once beyond the number of groups the host runs.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AvailabilityRule } from '@domain/entities';
import {
  MAX_BUFFER_MINUTES,
  QUARTER_MINUTES,
  formatDuration,
  formatSpan,
  timeOfMinutes,
} from '@domain/tour-span';

const HOUR_OPTIONS = Array.from({ length: 25 }, (_, h) => h);
const MINUTE_OPTIONS = [0, 15, 30, 45];
const BUFFER_OPTIONS = Array.from({ length: MAX_BUFFER_MINUTES / QUARTER_MINUTES + 1 }, (_, i) => i * 15);
/** Starts named in the preview line; a 24-hour rule's 24 would not fit in a sentence. */
const PREVIEW_STARTS = 6;
const QUARTER_TIMES = Array.from({ length: (24 * 60) / QUARTER_MINUTES }, (_, i) => timeOfMinutes(i * 15));

/** The tour's length as two selects (hours 0–24, minutes in quarter hours); 24 hours takes no minutes. */
export function DurationPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (minutes: number) => void;
  error?: string;
}) {
  const hours = Math.floor(value / 60);
  const minutes = value % 60;
  return (
    <Box>
      <Typography id="duration-label" sx={{ fontWeight: 600, mb: 1 }}>
        所要時間
      </Typography>
      <Box
        role="group"
        aria-labelledby="duration-label"
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <TextField
          select
          label="時間"
          value={hours}
          onChange={(e) => {
            const h = Number(e.target.value);
            onChange(h * 60 + (h === 24 ? 0 : minutes));
          }}
          error={Boolean(error)}
          sx={{ width: 100 }}
        >
          {HOUR_OPTIONS.map((h) => (
            <MenuItem key={h} value={h}>
              {h}時間
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="分"
          value={minutes}
          disabled={hours === 24}
          onChange={(e) => onChange(hours * 60 + Number(e.target.value))}
          error={Boolean(error)}
          sx={{ width: 100 }}
        >
          {MINUTE_OPTIONS.map((m) => (
            <MenuItem key={m} value={m}>
              {m}分
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <FormHelperText error={Boolean(error)} data-testid="duration-help">
        {error ?? `ゲストには「${formatDuration(value || 60, 'ja')}」と表示されます（15分〜24時間）。`}
      </FormHelperText>
    </Box>
  );
}

/**
 * The rule's start times and buffer. `starts` are the starts a tour of `durationMinutes` gets on an ordinary open
 * day under the rule as it is now (the preview).
 */
export function StartTimesEditor({
  rule,
  onChange,
  durationMinutes,
  starts,
  errors,
}: {
  rule: AvailabilityRule;
  onChange: (patch: Partial<AvailabilityRule>) => void;
  durationMinutes: number;
  starts: string[];
  errors: string[];
}) {
  const own = rule.startTimes ?? [];
  const [mode, setMode] = useState<'hourly' | 'own'>(own.length > 0 ? 'own' : 'hourly');
  const [adding, setAdding] = useState('');
  const setStarts = (times: string[]) =>
    onChange({ startTimes: times.length > 0 ? [...new Set(times)].sort() : undefined });
  return (
    <Stack spacing={2}>
      <Box>
        <Typography id="start-times-label" sx={{ fontWeight: 600 }}>
          ツアーの開始時刻
        </Typography>
        <RadioGroup
          aria-labelledby="start-times-label"
          value={mode}
          onChange={(_, v) => {
            setMode(v as 'hourly' | 'own');
            if (v === 'hourly') setStarts([]);
          }}
        >
          <FormControlLabel
            value="hourly"
            control={<Radio />}
            label="営業時間内で1時間ごと（終了が営業終了までに収まる時刻）"
          />
          <FormControlLabel
            value="own"
            control={<Radio />}
            label="開始時刻を指定する（例: 08:00 の1回だけ）"
          />
        </RadioGroup>
        {mode === 'own' && (
          <Stack spacing={1} sx={{ pl: { xs: 0, sm: 4 } }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="list" aria-label="指定した開始時刻">
              {own.map((time) => (
                <Chip
                  key={time}
                  role="listitem"
                  label={formatSpan(time, durationMinutes)}
                  onDelete={() => setStarts(own.filter((t) => t !== time))}
                />
              ))}
              {own.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  まだ開始時刻がありません。下から追加してください。
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                select
                label="開始時刻を追加"
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
                sx={{ width: 160 }}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
              >
                {QUARTER_TIMES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="outlined"
                disabled={!adding || own.includes(adding)}
                onClick={() => {
                  setStarts([...own, adding]);
                  setAdding('');
                }}
              >
                追加
              </Button>
            </Box>
          </Stack>
        )}
      </Box>
      <TextField
        select
        label="ツアー後の準備時間"
        value={rule.bufferMinutes ?? 0}
        onChange={(e) => {
          const minutes = Number(e.target.value);
          onChange({ bufferMinutes: minutes > 0 ? minutes : undefined });
        }}
        helperText="片付けや移動のため、次のツアーまで空ける時間です（0〜240分）"
        sx={{ width: 260 }}
      >
        {BUFFER_OPTIONS.map((m) => (
          <MenuItem key={m} value={m}>
            {m === 0 ? 'なし' : formatDuration(m, 'ja')}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" data-testid="slots-per-day">
        {mode === 'own' ? '指定した開始時刻' : '1時間ごと'}に予約枠を作ります（営業日は1日 {starts.length} 枠
        {starts.length > 0
          ? `: ${starts
              .slice(0, PREVIEW_STARTS)
              .map((s) => formatSpan(s, durationMinutes))
              .join('、')}${starts.length > PREVIEW_STARTS ? '、…' : ''}`
          : ''}
        ）。
      </Typography>
      {errors.map((message) => (
        <FormHelperText key={message} error role="alert">
          {message}
        </FormHelperText>
      ))}
    </Stack>
  );
}
