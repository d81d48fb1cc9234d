import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_CLOSE_DELAY_MS, useSuccessClose } from './use-success-close.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSuccessClose', () => {
  it('shows the message and closes after 1.5 s', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { result } = renderHook(() => useSuccessClose(onClose));
    act(() => result.current.showSuccess('Produit créé avec succès'));
    expect(result.current.success).toBe('Produit créé avec succès');
    act(() => vi.advanceTimersByTime(SUCCESS_CLOSE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never closes the next opening: reset cancels a pending close', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { result } = renderHook(() => useSuccessClose(onClose));
    act(() => result.current.showSuccess('Site créé avec succès'));
    act(() => result.current.reset());
    act(() => vi.advanceTimersByTime(5_000));
    expect(onClose).not.toHaveBeenCalled();
    expect(result.current.success).toBeNull();
  });
});
