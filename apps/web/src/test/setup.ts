import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../api/session-store.ts';
import { maintenanceStore } from '../app/maintenance.ts';
import { toastStore } from '../ui/toasts/toast-store.ts';

// findBy* and waitFor wait for the exact thing; this only says when to give up. The 1 s default
// failed tests whose render took longer on two cores shared with the API tests, and 10 s once
// failed a product form's banner: each try of a *ByRole query walks the whole dialog's
// accessibility tree, seconds apiece on a loaded machine.
configure({ asyncUtilTimeout: 30_000 });

// What Mantine needs and jsdom lacks.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

afterEach(() => {
  cleanup();
  // A worker runs file after file in one module graph (isolate: false): what the app keeps at
  // module level starts the next test as a fresh page would.
  toastStore.clear();
  maintenanceStore.set(false);
  sessionStore.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
