import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A success screen (the decision wizard's 'Terminé', the forgotten password's success, a
 * creation's in FormModal), then its closing after the spec's delay (spec 1 §9, spec 2 §9).
 * `reset` (on each opening) cancels a pending close, so a timer from the last run can never close
 * the next one.
 */
export function useSuccessClose(onClose: () => void, delayMs: number) {
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const showSuccess = useCallback(
    (message: string) => {
      cancel();
      setSuccess(message);
      timer.current = setTimeout(onClose, delayMs);
    },
    [cancel, onClose, delayMs],
  );

  const reset = useCallback(() => {
    cancel();
    setSuccess(null);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { success, showSuccess, reset };
}
