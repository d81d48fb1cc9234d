import {
  type PublicSettings,
  publicSettingsSchema,
  type Settings,
  type SettingsPatch,
  settingsSchema,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/index.ts';
import { dashboardKeys } from './dashboard.ts';
import { sauvegardesKeys } from './sauvegardes.ts';

/** Company contact details and password policy, readable without signing in (login, password forms, profile). */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
  /** Every setting: the admin's screen. */
  admin: () => [...settingsKeys.all, 'admin'] as const,
};

export async function fetchPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  const answer = await api.get<PublicSettings>('/settings/public', { auth: false, signal, notify: false });
  return publicSettingsSchema.parse(answer.data);
}

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: ({ signal }) => fetchPublicSettings(signal),
    staleTime: 30 * 60_000,
  });

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  const answer = await api.get<unknown>('/settings', { signal, notify: false });
  return settingsSchema.parse(answer.data);
}

/** All settings, for an admin. */
export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.admin(), queryFn: ({ signal }) => fetchSettings(signal) });

/**
 * An admin's change: the company's details shown everywhere, the password rules, the dashboard
 * (its month and target) and the backups' next run refresh too.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) => {
      const answer = await api.put<{ data: unknown }>('/settings', patch, { notify: false });
      return settingsSchema.parse(answer.data);
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.admin(), saved),
    meta: { invalidates: [settingsKeys.public(), dashboardKeys.all, sauvegardesKeys.lists()] },
  });
}
