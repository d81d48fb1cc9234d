import { type Notification, notificationSchema, type Pagination } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request, useSession } from '../api/index.ts';

/** The bell's page: the newest notifications and the unread count. */
export interface NotificationsPage {
  items: Notification[];
  pagination: Pagination;
  nonLues: number;
}

/** The bell's first page is read again every minute while the app is open. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsKeys = {
  all: ['notifications'] as const,
  /** Per account: another account signing in on the same browser reads its own. */
  mine: (accountId: number) => [...notificationsKeys.all, accountId] as const,
};

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationsPage> {
  const answer = await request<{ data: unknown; pagination: Pagination; non_lues: number }>('/notifications?limit=10', {
    signal,
    notify: false,
    background: true,
  });
  return {
    items: notificationSchema.array().parse(answer.data),
    pagination: answer.pagination,
    nonLues: answer.non_lues,
  };
}

export const notificationsQuery = (accountId: number) =>
  queryOptions({
    queryKey: notificationsKeys.mine(accountId),
    queryFn: ({ signal }) => fetchNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one notification read (`id`), or all of them (no id); the bell reads its page again. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const accountId = useSession().userData?.user.id ?? 0;
  return useMutation({
    mutationFn: (id?: number) => api.patch(id === undefined ? '/notifications/lues' : `/notifications/${id}/lue`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.mine(accountId) }),
  });
}
