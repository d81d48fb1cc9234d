import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A success screen (the decision wizard's 'Terminé', the forgotten password's success, a
 * creation's in FormModal), then its closing after the spec's delay (spec 1 §9, spec 2 §9). The
 * delay runs from once the message is rendered (an effect of that render): on a busy machine the
 * render can come late, and the message must be in sight for the whole delay. `reset` (on each
 * opening) drops the message and its pending close, so a timer from the last run can never close
 * the next one.
 */
export function useSuccessClose(onClose: () => void, delayMs: number) {
  // Each showing is its own, even with the same message: its close restarts.
  const [shown, setShown] = useState<{ message: string } | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => close.current(), delayMs);
    return () => clearTimeout(timer);
  }, [shown, delayMs]);

  const showSuccess = useCallback((message: string) => setShown({ message }), []);
  const reset = useCallback(() => setShown(null), []);

  return { success: shown?.message ?? null, showSuccess, reset };
}
