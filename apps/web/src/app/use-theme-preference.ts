import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../api/index.ts';
import { preferencesQuery } from '../data/preferences.ts';

/**
 * Applies the signed-in account's theme once its preferences are read (after sign-in, or another
 * account's on the same browser); Mantine remembers it locally for the next first paint.
 */
export function useThemePreference(): void {
  const accountId = useSession().userData?.user.id;
  const theme = useQuery({ ...preferencesQuery(accountId ?? 0), enabled: accountId !== undefined }).data?.theme;
  // Mantine's setter changes with the scheme: applied only when the saved theme changes, so that a
  // theme being tried on the settings page is not undone.
  const { setColorScheme } = useMantineColorScheme();
  const apply = useRef(setColorScheme);
  apply.current = setColorScheme;
  useEffect(() => {
    if (theme) apply.current(theme);
  }, [theme]);
}
