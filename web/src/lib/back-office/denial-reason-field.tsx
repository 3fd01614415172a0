import TextField from '@mui/material/TextField';
import { DENIAL_REASON_MAX_LENGTH } from '@domain/schemas/host';

/** 否認理由, the same field for a host and for an admin deciding for one: required, sent to the guest as written. */
export function DenialReasonField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="否認理由"
      required
      multiline
      minRows={4}
      fullWidth
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'お客様に送信されます。丁寧な言葉でお書きください。'}
      slotProps={{ htmlInput: { maxLength: DENIAL_REASON_MAX_LENGTH } }}
    />
  );
}
