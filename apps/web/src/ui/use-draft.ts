import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { DRAFT_PREFIX, readLocally, useSession, writeLocally } from '../api/index.ts';
import { usePreferences } from '../data/preferences.ts';

/** A draft is written once the typing pauses this long. */
export const DRAFT_DELAY_MS = 800;

export interface Draft<T> {
  savedAt: string;
  values: T;
}

function read<T>(key: string): Draft<T> | null {
  try {
    const draft = JSON.parse(readLocally(key) ?? 'null') as Draft<T> | null;
    return draft && typeof draft.savedAt === 'string' && draft.values && typeof draft.values === 'object'
      ? draft
      : null;
  } catch {
    return null;
  }
}

/**
 * A creation form's draft (the 'autoSave' preference, issue 26): what the person types is kept in
 * the browser, and at the next opening a draft left unsent is offered back ('Reprendre' or
 * 'Recommencer'). Nothing is written before the person types; a sent form forgets its draft.
 * Files are not kept (the browser's storage holds text only), nor the fields in `omit`. Signing
 * out removes every draft.
 */
export function useDraft<T extends object>(
  name: string,
  form: UseFormReturnType<T>,
  { enabled, omit = [] }: { enabled: boolean; omit?: (keyof T)[] },
) {
  const accountId = useSession().userData?.user.id;
  const { autoSave } = usePreferences();
  const key = enabled && autoSave && accountId !== undefined ? `${DRAFT_PREFIX}${accountId}:${name}` : null;
  const [found, setFound] = useState<Draft<T> | null>(null);
  // The values at the opening: a draft is written only once they change.
  const opening = useRef<string | null>(null);
  const serialized = JSON.stringify(form.values);

  useEffect(() => {
    if (!key || found || opening.current === null || serialized === opening.current) return;
    const timer = setTimeout(
      () => writeLocally(key, JSON.stringify({ savedAt: new Date().toISOString(), values: JSON.parse(serialized) })),
      DRAFT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [key, found, serialized]);

  return {
    /** The draft kept from an earlier opening, until the person chooses (none once drafts are off). */
    found: key ? found : null,
    /** At each opening, once the form is reset: offers the draft kept, if any. */
    look() {
      opening.current = JSON.stringify(form.getValues());
      setFound(key ? read<T>(key) : null);
    },
    restore() {
      if (found) {
        const kept = Object.entries(found.values).filter(([field]) => !omit.includes(field as keyof T));
        form.setValues({ ...form.getValues(), ...Object.fromEntries(kept) });
      }
      setFound(null);
    },
    discard() {
      if (key) writeLocally(key, null);
      setFound(null);
    },
    /** The form was sent: its draft is done with. */
    clear() {
      if (key) writeLocally(key, null);
    },
  };
}

export type DraftControl = ReturnType<typeof useDraft>;
