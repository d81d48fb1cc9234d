import { FormModal } from '../../ui/FormModal.tsx';
import { PASSWORD_CHANGE_FAILURE, usePasswordChange } from './ChangePasswordForm.tsx';

/** Profile's password dialog (spec 3 §2.11): each opening starts empty; success is a toast and the closing. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { form, save, submit, onFieldErrors, fields } = usePasswordChange();
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={() => form.reset()}
      title="Changer mot de passe"
      size="md"
      save={save}
      failure={PASSWORD_CHANGE_FAILURE}
      onSubmit={submit}
      onFieldErrors={onFieldErrors}
      submitLabel="Changer le mot de passe"
    >
      {fields}
    </FormModal>
  );
}
