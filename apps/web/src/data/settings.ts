import { type PublicSettings, publicSettingsSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/index.ts';

/** Company contact details and password policy, readable without signing in (login, password forms, profile). */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => [...settingsKeys.all, 'public'] as const,
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
