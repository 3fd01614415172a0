import { useMemo, useState } from 'react';
import {
  emptyGuestForm,
  guestFormSchema,
  type GuestForm,
  type GuestFormValues,
} from '@domain/schemas/guest-form';

export type GuestField = keyof GuestFormValues;

/**
 * The guest form's state with the domain's rules (guest spec §5): every field is validated on every change, but
 * a field's message shows only once the field has been left (blur), or after a submit attempt touched them all.
 */
export function useGuestForm(initial: GuestFormValues = emptyGuestForm) {
  const [values, setValues] = useState<GuestFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<GuestField, boolean>>>({});

  const result = useMemo(() => guestFormSchema.safeParse(values), [values]);
  const errors = useMemo(() => {
    const map: Partial<Record<GuestField, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as GuestField | undefined;
        if (field && !map[field]) map[field] = issue.message;
      }
    }
    return map;
  }, [result]);

  return {
    values,
    /** The message to show beside a field: only after it was touched. */
    errorOf: (field: GuestField): string | undefined => (touched[field] ? errors[field] : undefined),
    setValue: (field: GuestField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    touch: (field: GuestField) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })),
    touchAll: () =>
      setTouched(
        Object.fromEntries(Object.keys(emptyGuestForm).map((k) => [k, true])) as Record<GuestField, boolean>,
      ),
    isValid: result.success,
    /** The parsed (trimmed) form, when valid. */
    parsed: result.success ? (result.data as GuestForm) : null,
  };
}

export type GuestFormState = ReturnType<typeof useGuestForm>;
