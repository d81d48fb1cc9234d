import { useCallback, useEffect, useRef, useState } from 'react';

/** Success screens of the catalogue forms close after 1.5 s (spec 2 §9). */
export const SUCCESS_CLOSE_DELAY_MS = 1500;

/**
 * A form modal's success message, then its closing after the delay (1.5 s by default; the
 * demandes' screens use 2 s: spec 1 §9). `reset` (on each opening) cancels a pending close, so a
 * timer from the last save can never close the next form.
 */
export function useSuccessClose(onClose: () => void, delayMs: number = SUCCESS_CLOSE_DELAY_MS) {
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
