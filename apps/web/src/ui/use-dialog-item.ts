import { useState } from 'react';

/**
 * The item a dialog shows: it stays on screen while the dialog fades out after `item` went null,
 * and `opening` counts the openings (a key that starts each one afresh: its first page, its form).
 */
export function useDialogItem<T>(item: T | null): { shown: T | null; opening: number } {
  const [shown, setShown] = useState(item);
  const [previous, setPrevious] = useState(item);
  const [opening, setOpening] = useState(0);
  if (item !== previous) {
    setPrevious(item);
    if (item) {
      setShown(item);
      if (!previous) setOpening((n) => n + 1);
    }
  }
  return { shown, opening };
}
