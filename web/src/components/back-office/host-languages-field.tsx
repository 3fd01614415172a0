/**
 * The languages a host guides in, as checkboxes in the domain's order (the admin's host form and the host's own
 * profile form), bound to a react-hook-form field holding `HostLanguage[]`.
 */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import {
  HOST_LANGUAGE_LABELS,
  HOST_LANGUAGES,
  type HostLanguage,
} from '../../lib/back-office/host-languages';

export function HostLanguagesField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  error,
}: {
  /** The form's control (its values as typed: `T`; as the resolver turns them out: `TOut`). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  error: string | undefined;
}) {
  return (
    <FormControl component="fieldset" required error={Boolean(error)}>
      <FormLabel component="legend">対応言語</FormLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen = new Set(field.value as HostLanguage[]);
          return (
            <FormGroup row>
              {HOST_LANGUAGES.map((language) => (
                <FormControlLabel
                  key={language}
                  label={HOST_LANGUAGE_LABELS[language]}
                  control={
                    <Checkbox
                      checked={chosen.has(language)}
                      onBlur={field.onBlur}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(language);
                        else next.delete(language);
                        field.onChange(HOST_LANGUAGES.filter((l) => next.has(l)));
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
          );
        }}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
