import { Loader, Stack, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/index.ts';
import { EmptyPanel } from './EmptyPanel.tsx';
import { ErrorPanel } from './ErrorPanel.tsx';

/** The item asked for is gone (deleted, or out of the caller's scope): a 404. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A details modal's body as its read goes: gone, failed with 'Réessayer' (unless a copy is
 * shown), loading, or the item.
 */
export function DetailLoad<T>({
  query,
  notFoundMessage,
  errorTitle,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  notFoundMessage: string;
  errorTitle: string;
  loadingLabel: string;
  children: (item: T) => ReactNode;
}) {
  const current = query.data;
  if (isNotFound(query.error)) {
    return <EmptyPanel icon={<IconFileSearch size={28} />} title={notFoundMessage} color="gray" />;
  }
  if (query.isError && current === undefined) {
    return (
      <ErrorPanel
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (current === undefined) {
    return (
      <Stack align="center" py="xl" gap="xs" aria-busy="true">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {loadingLabel}
        </Text>
      </Stack>
    );
  }
  return children(current);
}
