import { useSyncExternalStore } from 'react';

/**
 * Whether the server said it is in maintenance (a 503 MAINTENANCE from any call): the app then shows
 * its maintenance screen instead of anything else, until 'Réessayer'.
 */
let underMaintenance = false;
const listeners = new Set<() => void>();

export const maintenanceStore = {
  set(value: boolean) {
    if (value === underMaintenance) return;
    underMaintenance = value;
    for (const listener of listeners) listener();
  },
  get: () => underMaintenance,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useMaintenance(): boolean {
  return useSyncExternalStore(maintenanceStore.subscribe, maintenanceStore.get);
}
