import { addToast, nextExpiryIn, removeExpired, type Toast, type ToastType } from './toast-rules.ts';

type Listener = () => void;
const listeners = new Set<Listener>();
let toasts: Toast[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let counter = 0;

function set(next: Toast[]) {
  if (next.length === toasts.length && next.every((t, i) => t === toasts[i])) return;
  toasts = next;
  schedule();
  for (const listener of listeners) listener();
}

function schedule() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const delay = nextExpiryIn(toasts, Date.now());
  if (delay !== null) timer = setTimeout(() => set(removeExpired(toasts, Date.now())), delay);
}

/** The global toast stack (spec 1 §2.8). */
export const toastStore = {
  getSnapshot: (): Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(type: ToastType, message: string): void {
    counter += 1;
    set(addToast(toasts, { id: `toast-${counter}`, type, message, timestamp: Date.now() }));
  },
  dismiss(id: string): void {
    set(toasts.filter((t) => t.id !== id));
  },
  clear(): void {
    set([]);
  },
};

export const showToast = (type: ToastType, message: string) => toastStore.show(type, message);
