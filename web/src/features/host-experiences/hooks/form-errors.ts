import type { FieldErrors } from 'react-hook-form';
import { EXPERIENCE_FORM_FIELDS } from '@domain/schemas/experience-form';
import type { ExperienceForm } from '../components/experience-form-types';
import type { ExperienceFormState } from './experience-form-model';

/** `true` when the participants range is what is wrong (back-office spec §5: its own toast on submit). */
export function isParticipantsRangeError(errors: FieldErrors<ExperienceFormState>): boolean {
  return Boolean(errors.participantsMin || errors.participantsMax);
}

/** Puts the API's field messages (400 `fields`, keyed by form path) beside the fields. */
export function applyServerErrors(form: ExperienceForm, fields: Record<string, string>): void {
  for (const [path, message] of Object.entries(fields)) {
    const top = path.split('.')[0] ?? path;
    if ((EXPERIENCE_FORM_FIELDS as readonly string[]).includes(top)) {
      form.setError(top as keyof ExperienceFormState, { type: 'server', message });
    }
  }
}
