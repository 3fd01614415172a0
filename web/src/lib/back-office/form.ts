/**
 * Glue between react-hook-form and MUI's TextField for the back-office forms: the field's registration on the
 * input element (`inputRef`), and its message (or a hint) below it.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** The part of a form these helpers use (independent of what the resolver turns the values into). */
type FormLike<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'formState'>;

function messageAt(errors: unknown, name: string): string | undefined {
  let node: unknown = errors;
  for (const part of name.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** The current message of a field, if any. */
export function errorOf<T extends FieldValues>(form: FormLike<T>, name: Path<T>): string | undefined {
  return messageAt(form.formState.errors, name);
}

/** Props for a MUI `TextField` bound to `name`. */
export function textFieldProps<T extends FieldValues>(form: FormLike<T>, name: Path<T>, hint?: string) {
  const { ref, ...registration } = form.register(name);
  const message = errorOf(form, name);
  return {
    ...registration,
    inputRef: ref,
    error: Boolean(message),
    helperText: message ?? hint,
  };
}
