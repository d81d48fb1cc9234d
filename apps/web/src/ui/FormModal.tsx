import { Alert, Button, Group, Modal, type ModalProps, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { ApiError } from '../api/index.ts';
import { showToast } from './toasts/toast-store.ts';
import { useSuccessClose } from './use-success-close.ts';

/** The save a form drives: a TanStack Query mutation, or anything with the same state. */
export interface FormSave {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
}

export interface SaveFormProps {
  /** The save behind the form: its pending state disables the fields, its failure shows in the banner. */
  save: FormSave;
  /** What failed, the banner's title ('Erreur lors de la création du site'); the server's reason follows. */
  failure: string;
  /**
   * Validates and saves (Enter in a field or the submit button). Returns nothing when the input is
   * invalid, else the save's promise of the success message: a toast shows it, then `onDone` runs.
   */
  onSubmit: () => Promise<string> | undefined;
  /** After a success, once the toast says so. */
  onDone: () => void;
  /** Shows the success itself (a success screen), instead of the toast and `onDone`. */
  onSuccess?: (message: string) => void;
  /** 'Annuler'; without it, no such button (a form the user must get through). */
  onCancel?: () => void;
  /** Receives a 400/409's field messages (a Mantine form's `setErrors`). */
  onFieldErrors?: (errors: Record<string, string>) => void;
  submitLabel: string;
  /** The submit stays off (nothing changed yet, for example). */
  submitDisabled?: boolean;
  /** The form's accessible name, when no dialog title names it. */
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * The one shape of a form that saves (docs/decisions/0007): a failure banner, the fields (disabled
 * while saving), 'Annuler' and the submit button with its pending state. Success is a toast and
 * the form's end (`onDone`), never a message inside the form.
 */
export function SaveForm({
  save,
  failure,
  onSubmit,
  onDone,
  onSuccess,
  onCancel,
  onFieldErrors,
  submitLabel,
  submitDisabled = false,
  'aria-label': ariaLabel,
  children,
}: SaveFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit()?.then(
      (message) => {
        if (onSuccess) return onSuccess(message);
        showToast('success', message);
        onDone();
      },
      (error: unknown) => {
        // The banner shows the failure from the save's state; the fields show their own messages.
        if (error instanceof ApiError && error.errors) onFieldErrors?.(error.errors);
      },
    );
  };

  const { error } = save;
  // A reason that is also a field's message shows under that field only.
  const repeated = error instanceof ApiError && Object.values(error.errors ?? {}).includes(error.message);

  return (
    <form noValidate onSubmit={submit} aria-label={ariaLabel}>
      <Stack gap="md">
        {error && (
          <Alert
            color="red"
            variant="light"
            title={failure}
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {repeated ? null : error.message}
          </Alert>
        )}
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">{children}</Stack>
        </fieldset>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Annuler
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The spec's success screen of a creation: its message in the dialog, which closes itself after the delay. */
export interface SuccessScreen {
  closeAfterMs: number;
  /** The dialog's title on that screen ('Chantier créé !'); the form's title otherwise. */
  title?: string;
}

export interface FormModalProps extends Omit<SaveFormProps, 'onDone' | 'onSuccess' | 'onCancel' | 'aria-label'> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** Each opening starts afresh: the form's values (the save's state is reset here). */
  onOpen?: () => void;
  /** A success screen (spec 1 §9, spec 2 §9) instead of the toast. */
  successScreen?: SuccessScreen;
}

/**
 * The one form modal (docs/decisions/0007, 0025): a dialog around a `SaveForm`, full screen on a
 * phone, that cannot be closed while saving and closes on success, at once (a toast says it) or
 * after its success screen.
 */
export function FormModal({ opened, onClose, title, size = 'lg', onOpen, successScreen, ...form }: FormModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { save } = form;
  const { success, showSuccess, reset } = useSuccessClose(onClose, successScreen?.closeAfterMs ?? 0);
  // The form, with the focused submit button, gives way to the success screen: the focus goes to its button.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (success !== null) closeButton.current?.focus();
  }, [success]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets, not a new callback
  useEffect(() => {
    if (!opened) return;
    save.reset();
    reset();
    onOpen?.();
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={save.isPending ? () => {} : onClose}
      title={success !== null ? (successScreen?.title ?? title) : title}
      size={size}
      fullScreen={phone}
      centered
    >
      {success !== null ? (
        <Stack gap="md" align="center" py="md">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text ta="center" fw={500} role="status" style={{ overflowWrap: 'anywhere' }}>
            {success}
          </Text>
          <Button ref={closeButton} variant="light" onClick={onClose}>
            Fermer
          </Button>
        </Stack>
      ) : (
        <SaveForm {...form} onDone={onClose} onSuccess={successScreen ? showSuccess : undefined} onCancel={onClose} />
      )}
    </Modal>
  );
}
