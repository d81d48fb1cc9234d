import { type PublicSettings, publicSettingsSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/**
 * Company contact details and password policy, readable without signing in. Lives beside the
 * client because several features read it (login, password dialogs, profile).
 */
export const publicSettingsKeys = {
  all: ['settings', 'public'] as const,
};

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: publicSettingsKeys.all,
    queryFn: async ({ signal }): Promise<PublicSettings> => {
      const answer = await api.get<PublicSettings>('/settings/public', { auth: false, signal, notify: false });
      return publicSettingsSchema.parse(answer.data);
    },
    staleTime: 30 * 60_000,
  });
