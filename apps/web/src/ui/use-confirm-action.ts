import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../api/index.ts';
import type { ConfirmDialogProps } from './ConfirmDialog.tsx';
import { showToast } from './toasts/toast-store.ts';

/** What failed, then why: "Erreur lors de l’ajout : Ce numéro CNI est déjà enregistré." */
export function failureText(what: string, error: Error): string {
  return error.message ? `${what} : ${error.message}` : what;
}

/**
 * A failed save as a toast, unless the HTTP client already showed one (connection failures and
 * server errors have their own).
 */
export function toastFailure(what: string, error: Error): void {
  if (error instanceof ApiError && (error.isConnection || error.status >= 500)) return;
  showToast('general', failureText(what, error));
}

/** One action that asks first (activate, suspend, delete…) on an item of a list. */
export interface ConfirmableAction<T> {
  title: string;
  message: (item: T) => ReactNode;
  confirmLabel: string;
  /** Red confirm button: irreversible actions. */
  danger?: boolean;
  /** The change, through its data hook (which refreshes what it changes). */
  run: (item: T) => Promise<unknown>;
  /** Success toast; without one, `run` shows its own result. */
  success?: string;
  /** What failed, shown in the dialog before the server's reason ("Erreur lors de la suppression"). */
  failure: string;
}

/**
 * The confirm-then-act flow of the people pages: `ask(action, item)` opens the dialog; on
 * confirmation the action runs, the dialog closes and a toast says so. A refusal (the last
 * admin, oneself…) stays in the dialog with the server's message.
 */
export function useConfirmAction<A extends string, T>(actions: Record<A, ConfirmableAction<T>>) {
  // The target outlives the closing, so the dialog keeps its text while it fades out.
  const [target, setTarget] = useState<{ action: A; item: T } | null>(null);
  const [opened, setOpened] = useState(false);

  const mutation = useMutation({
    mutationFn: ({ action, item }: { action: A; item: T }) => actions[action].run(item),
    onSuccess: (_result, { action }) => {
      setOpened(false);
      const { success } = actions[action];
      if (success) showToast('success', success);
    },
  });

  const ask = (action: A, item: T) => {
    mutation.reset();
    setTarget({ action, item });
    setOpened(true);
  };

  const spec = target ? actions[target.action] : null;
  const dialog: ConfirmDialogProps = {
    opened,
    title: spec?.title ?? '',
    message: spec && target ? spec.message(target.item) : '',
    confirmLabel: spec?.confirmLabel ?? '',
    danger: spec?.danger ?? false,
    loading: mutation.isPending,
    error: spec && mutation.error ? failureText(spec.failure, mutation.error) : null,
    onConfirm: () => {
      if (target) mutation.mutate(target);
    },
    onClose: () => setOpened(false),
  };

  return { ask, dialog };
}
