/**
 * The experience form in sections that open and close (issue 32 item 13: the edit form was about 7,000 px tall on a
 * phone). As FareHarbor's and Bókun's mobile editors do, a phone shows the sections folded, each a line with its
 * state (an error, unsaved changes), steps from one to the next, and jumps to any from the section index; a wide
 * screen opens them all. The page owns the state (`useFormSections`) and hands it to its sections through
 * `FormSectionsContext`; a message always shows: submitting opens every section with one and brings the first into
 * view.
 */
import { createContext, useCallback, useContext, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export interface FormSectionSpec {
  id: string;
  title: string;
  /** The form fields the section holds (its error and unsaved-change markers are theirs). */
  fields: readonly string[];
}

export interface SectionStatus {
  /** A field of the section has a message. */
  error: boolean;
  /** A field of the section was changed since the form was loaded or saved. */
  changed: boolean;
}

export interface FormSections {
  specs: readonly FormSectionSpec[];
  /** Phones step through the sections (a 次へ button closes one and opens the next). */
  stepping: boolean;
  isOpen: (id: string) => boolean;
  setOpen: (id: string, open: boolean) => void;
  setAllOpen: (open: boolean) => void;
  status: (id: string) => SectionStatus;
  /** The section after `id`, or null for the last. */
  next: (id: string) => FormSectionSpec | null;
  /** Opens the section and brings it into view (the index, an address's `#id`, 次へ). */
  show: (id: string, options?: { closing?: string }) => void;
  /** Opens every section holding a message and brings the first message into view. */
  revealErrors: () => void;
}

export const FormSectionsContext = createContext<FormSections | null>(null);

/** The sections of the page the component sits in, or null outside a sectioned form. */
export const useFormSectionsContext = () => useContext(FormSectionsContext);

/** Long enough for MUI's collapse to finish (its standard duration is 300 ms). */
const OPEN_TRANSITION_MS = 320;

const hasKey = (tree: unknown, field: string) =>
  tree !== null && typeof tree === 'object' && Boolean((tree as Record<string, unknown>)[field]);

/** The first element carrying a message, in page order. */
const firstMessage = () =>
  document.querySelector<HTMLElement>('[aria-invalid="true"], .Mui-error, [data-form-error="true"]');

const sectionOf = (element: Element | null) =>
  element?.closest<HTMLElement>('[data-form-section]')?.dataset.formSection ?? null;

function scrollSoon(target: () => Element | null, afterOpening: boolean) {
  const scroll = () => target()?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  // Messages render on the next frame; an opening section needs its transition first.
  requestAnimationFrame(() => (afterOpening ? setTimeout(scroll, OPEN_TRANSITION_MS) : scroll()));
}

export function useFormSections<T extends FieldValues>(
  specs: readonly FormSectionSpec[],
  form: UseFormReturn<T, unknown, unknown>,
  { startOpen, stepping }: { startOpen: readonly string[]; stepping: boolean },
): FormSections {
  const [open, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(startOpen));
  // Read during render, so the page re-renders (and the markers change) when errors or changes do.
  const { errors, dirtyFields } = form.formState;

  const setOpen = useCallback((id: string, value: boolean) => {
    setOpenIds((current) => {
      if (current.has(id) === value) return current;
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const show = useCallback(
    (id: string, { closing }: { closing?: string } = {}) => {
      const wasOpen = open.has(id);
      setOpenIds((current) => {
        const next = new Set(current);
        next.add(id);
        if (closing) next.delete(closing);
        return next;
      });
      scrollSoon(() => document.getElementById(id), !wasOpen || Boolean(closing));
    },
    [open],
  );

  const revealErrors = useCallback(() => {
    // Sections whose fields the form reports, and any element showing a message (a section may show one that
    // belongs to no field of its own, such as a photo upload's).
    const withErrors = new Set(
      specs.filter((s) => s.fields.some((f) => hasKey(form.formState.errors, f))).map((s) => s.id),
    );
    requestAnimationFrame(() => {
      for (const element of document.querySelectorAll('[aria-invalid="true"], .Mui-error')) {
        const id = sectionOf(element);
        if (id) withErrors.add(id);
      }
      const opening = [...withErrors].some((id) => !open.has(id));
      if (opening) setOpenIds((current) => new Set([...current, ...withErrors]));
      scrollSoon(
        () =>
          firstMessage() ??
          document.getElementById(specs.find((s) => withErrors.has(s.id))?.id ?? '') ??
          null,
        opening,
      );
    });
  }, [specs, form, open]);

  // A new object every render: react-hook-form's `errors` and `dirtyFields` keep their identity while their
  // content changes, so nothing here could be memoised on them.
  return {
    specs,
    stepping,
    isOpen: (id) => open.has(id),
    setOpen,
    setAllOpen: (value) => setOpenIds(new Set(value ? specs.map((s) => s.id) : [])),
    status: (id) => {
      const spec = specs.find((s) => s.id === id);
      return {
        error: Boolean(spec?.fields.some((f) => hasKey(errors, f))),
        changed: Boolean(spec?.fields.some((f) => hasKey(dirtyFields, f))),
      };
    },
    next: (id) => specs[specs.findIndex((s) => s.id === id) + 1] ?? null,
    show,
    revealErrors,
  };
}
