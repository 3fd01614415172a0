import type { UseFormReturn } from 'react-hook-form';
import type { ExperienceFormData } from '@domain/schemas/experience-form';
import type { ExperienceFormState } from '../hooks/experience-form-model';

/** The experience form as its sections receive it. */
export type ExperienceForm = UseFormReturn<ExperienceFormState, unknown, ExperienceFormData>;
