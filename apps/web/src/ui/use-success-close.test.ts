import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSuccessClose } from './use-success-close.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSuccessClose', () => {
  it('shows the message and closes after the delay', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { result } = renderHook(() => useSuccessClose(onClose, 2_000));
    act(() => result.current.showSuccess('Demande validée avec succès'));
    expect(result.current.success).toBe('Demande validée avec succès');
    act(() => vi.advanceTimersByTime(2_000 - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never closes the next opening: reset cancels a pending close', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { result } = renderHook(() => useSuccessClose(onClose, 2_000));
    act(() => result.current.showSuccess('Mot de passe réinitialisé !'));
    act(() => result.current.reset());
    act(() => vi.advanceTimersByTime(5_000));
    expect(onClose).not.toHaveBeenCalled();
    expect(result.current.success).toBeNull();
  });
});
