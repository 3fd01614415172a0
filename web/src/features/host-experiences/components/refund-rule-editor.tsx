/**
 * The experience's refund rule (DESIGN §4c, issue 15 item 1): tiers of "cancelled at least N days before → X %
 * back", added and removed here, checked by the shared schema (Japanese messages beside each input), and the rule
 * in the words guests read, from the same function the guest pages and mails use.
 */
import { useFieldArray, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { policyConflictMessage, policyConflicts } from '@domain/policy-notes';
import { describeRefundRule, MAX_REFUND_TIERS } from '@domain/refund-rule';
import { refundRuleFormSchema } from '@domain/schemas/experience-form';
import { errorOf, textFieldProps } from '../../../lib/back-office/form';
import type { ExperienceForm } from './experience-form-types';

/** What guests will read for the tiers as typed, or null while a tier is not a valid number yet. */
export function refundRulePreview(tiers: unknown): string | null {
  const parsed = refundRuleFormSchema.safeParse(tiers);
  return parsed.success ? describeRefundRule(parsed.data, 'ja') : null;
}

/**
 * One policy (DESIGN §4j): what the host's notes state that the tiers as typed do not give, said at once beside the
 * rule (the notes field says it too once the host has been there, and saving is refused until they agree).
 */
function notesConflict(tiers: unknown, notes: unknown): string | null {
  const parsed = refundRuleFormSchema.safeParse(tiers);
  if (!parsed.success || typeof notes !== 'string') return null;
  const conflicts = policyConflicts(notes, parsed.data);
  return conflicts.length > 0 ? policyConflictMessage(conflicts, parsed.data) : null;
}

/**
 * A tier input bound to the form. Its message shows once the host has left that input (or submitted): checking the
 * first input of a new tier would otherwise already call its still-empty neighbour missing.
 */
function tierFieldProps(
  form: ExperienceForm,
  name: `refundRule.${number}.${'daysBefore' | 'refundPercentage'}`,
) {
  const props = textFieldProps(form, name);
  const { isTouched } = form.getFieldState(name, form.formState);
  return isTouched || form.formState.isSubmitted ? props : { ...props, error: false, helperText: undefined };
}

export function RefundRuleEditor({ form }: { form: ExperienceForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'refundRule' });
  const tiers = useWatch({ control: form.control, name: 'refundRule' });
  const notes = useWatch({ control: form.control, name: 'cancellationPolicy' });
  const preview = refundRulePreview(tiers);
  const conflict = notesConflict(tiers, notes);
  // A message for the rule as a whole (the API's, e.g. too many tiers); each tier's own shows beside it.
  const ruleError = errorOf(form, 'refundRule');

  return (
    <Box role="group" aria-labelledby="refund-rule-label">
      <Typography id="refund-rule-label" sx={{ fontWeight: 600 }}>
        返金ルール
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        体験の開始の何日前までのキャンセルに何%を返金するか。最も多く返金される段階が適用されます。
      </Typography>
      <Stack spacing={2}>
        {fields.map((field, i) => (
          <Box
            key={field.id}
            role="group"
            aria-label={`返金の段階 ${i + 1}`}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              label="開始の何日前まで"
              sx={{ width: { xs: 132, sm: 180 } }}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">日前</InputAdornment> },
              }}
              {...tierFieldProps(form, `refundRule.${i}.daysBefore`)}
            />
            <TextField
              label="返金率"
              sx={{ width: { xs: 104, sm: 140 } }}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              }}
              {...tierFieldProps(form, `refundRule.${i}.refundPercentage`)}
            />
            <IconButton aria-label={`返金の段階 ${i + 1} を削除`} onClick={() => remove(i)} sx={{ mt: 1 }}>
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        {ruleError && (
          <Typography role="alert" variant="body2" color="error">
            {ruleError}
          </Typography>
        )}
        <Box>
          <Button
            startIcon={<AddIcon />}
            disabled={fields.length >= MAX_REFUND_TIERS}
            onClick={() => append({ daysBefore: '', refundPercentage: '' })}
          >
            段階を追加
          </Button>
          {fields.length >= MAX_REFUND_TIERS && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              段階は{MAX_REFUND_TIERS}つまでです
            </Typography>
          )}
        </Box>
        <Alert severity="info" icon={false} data-testid="refund-rule-preview">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            お客様への表示
          </Typography>
          <Typography variant="body2">{preview ?? '入力内容を確認してください'}</Typography>
        </Alert>
        {conflict && (
          <Alert severity="warning" data-testid="policy-notes-conflict">
            {conflict}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
