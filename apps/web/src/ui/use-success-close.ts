import { useCallback, useEffect, useRef, useState } from 'react';

/** Success screens of the catalogue forms close after 1.5 s (spec 2 §9). */
export const SUCCESS_CLOSE_DELAY_MS = 1500;

/**
 * A form modal's success message, then its closing after the delay. `reset` (on each opening)
 * cancels a pending close, so a timer from the last save can never close the next form.
 */
export function useSuccessClose(onClose: () => void) {
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
      timer.current = setTimeout(onClose, SUCCESS_CLOSE_DELAY_MS);
    },
    [cancel, onClose],
  );

  const reset = useCallback(() => {
    cancel();
    setSuccess(null);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { success, showSuccess, reset };
}
