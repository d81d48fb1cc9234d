import { describe, expect, it } from 'vitest';
import {
  addToast,
  MAX_TOASTS,
  nextExpiryIn,
  removeExpired,
  showClearAll,
  TOAST_TITLES,
  type Toast,
  type ToastType,
} from './toast-rules.ts';

const toast = (id: string, timestamp: number, type: ToastType = 'general', message = `message ${id}`): Toast => ({
  id,
  type,
  message,
  timestamp,
});

describe('toast rules', () => {
  it('titles the types as the spec says', () => {
    expect(TOAST_TITLES.general).toBe('Erreur');
    expect(TOAST_TITLES.auth).toBe('Session expirée');
    expect(TOAST_TITLES.network).toBe('Problème de connexion');
  });

  it('ignores a duplicate (same type and message) within 5 seconds', () => {
    const list = addToast([], toast('a', 0, 'network', 'Hors ligne'));
    expect(addToast(list, toast('b', 4_999, 'network', 'Hors ligne'))).toHaveLength(1);
  });

  it('accepts the same message again after 5 seconds, or with another type', () => {
    const list = addToast([], toast('a', 0, 'network', 'Hors ligne'));
    expect(addToast(list, toast('b', 5_000, 'network', 'Hors ligne'))).toHaveLength(2);
    expect(addToast(list, toast('c', 1_000, 'general', 'Hors ligne'))).toHaveLength(2);
  });

  it('shows at most 5 toasts, dropping the oldest', () => {
    let list: Toast[] = [];
    for (let i = 0; i < 7; i++) list = addToast(list, toast(String(i), i));
    expect(MAX_TOASTS).toBe(5);
    expect(list.map((t) => t.id)).toEqual(['2', '3', '4', '5', '6']);
  });

  it('keeps the auth toast when the stack overflows', () => {
    let list: Toast[] = [toast('auth', 0, 'auth')];
    for (let i = 1; i < 7; i++) list = addToast(list, toast(String(i), i));
    expect(list).toHaveLength(5);
    expect(list[0]?.id).toBe('auth');
  });

  it('removes non-auth toasts after 10 seconds and keeps the auth one until dismissed', () => {
    const list = [toast('g', 0, 'general'), toast('n', 5_000, 'network'), toast('a', 0, 'auth')];
    expect(removeExpired(list, 9_999).map((t) => t.id)).toEqual(['g', 'n', 'a']);
    expect(removeExpired(list, 10_000).map((t) => t.id)).toEqual(['n', 'a']);
    expect(removeExpired(list, 60_000).map((t) => t.id)).toEqual(['a']);
  });

  it('knows when the next toast expires', () => {
    expect(nextExpiryIn([toast('a', 0, 'auth')], 1_000)).toBeNull();
    expect(nextExpiryIn([toast('g', 0), toast('h', 3_000)], 4_000)).toBe(6_000);
  });

  it("offers 'Effacer toutes les notifications' only with more than one toast", () => {
    expect(showClearAll([toast('a', 0)])).toBe(false);
    expect(showClearAll([toast('a', 0), toast('b', 0)])).toBe(true);
  });
});
