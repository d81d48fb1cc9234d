import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { FormModal, type SuccessScreen } from './FormModal.tsx';
import { toastStore } from './toasts/toast-store.ts';

afterEach(() => toastStore.clear());

/** A one-field form whose save is `run`: the skeleton as a screen uses it. */
function NameForm({
  run,
  onClose = () => {},
  successScreen,
}: {
  run: (nom: string) => Promise<unknown>;
  onClose?: () => void;
  successScreen?: SuccessScreen;
}) {
  const [opened, setOpened] = useState(true);
  const form = useForm({ mode: 'uncontrolled', initialValues: { nom: '' } });
  const save = useMutation({ mutationFn: run });
  const close = () => {
    setOpened(false);
    onClose();
  };
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Rouvrir
      </button>
      <FormModal
        opened={opened}
        onClose={close}
        title="Nouveau site"
        save={save}
        failure="Erreur lors de la création du site"
        onFieldErrors={form.setErrors}
        onOpen={() => form.reset()}
        submitLabel="Créer le site"
        successScreen={successScreen}
        onSubmit={() => {
          const { nom } = form.getValues();
          if (!nom) {
            form.setErrors({ nom: 'Le nom est requis' });
            return undefined;
          }
          return save.mutateAsync(nom).then(() => 'Site créé avec succès');
        }}
      >
        <TextInput label="Nom" key={form.key('nom')} {...form.getInputProps('nom')} />
      </FormModal>
    </>
  );
}

describe('FormModal', () => {
  it('saves on Enter, then says so in a toast and closes', async () => {
    const run = vi.fn(async () => ({}));
    const onClose = vi.fn();
    const { user } = renderWithProviders(<NameForm run={run} onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Les Jardins{Enter}');

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(run).toHaveBeenCalledWith('Les Jardins', expect.anything());
    expect(toastStore.getSnapshot()).toEqual([
      expect.objectContaining({ type: 'success', message: 'Site créé avec succès' }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('or shows its success screen, which closes itself, and opens afresh on the form', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <NameForm
        run={async () => ({})}
        onClose={onClose}
        successScreen={{ closeAfterMs: 1_500, title: 'Site créé !' }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Les Jardins{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Site créé !' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Site créé avec succès');
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toHaveFocus();
    expect(toastStore.getSnapshot()).toEqual([]);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Rouvrir' }));
    const form = await screen.findByRole('dialog', { name: 'Nouveau site' });
    expect(within(form).getByRole('textbox', { name: 'Nom' })).toHaveValue('');
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends nothing while the input is invalid', async () => {
    const run = vi.fn(async () => ({}));
    const { user } = renderWithProviders(<NameForm run={run} />);
    await user.click(screen.getByRole('button', { name: 'Créer le site' }));
    expect(screen.getByText('Le nom est requis')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
  });

  it('disables the fields and blocks closing while saving', async () => {
    let finish: (value: unknown) => void = () => {};
    const run = () => new Promise((resolve) => (finish = resolve));
    const { user } = renderWithProviders(<NameForm run={run} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Les Jardins');
    await user.click(screen.getByRole('button', { name: 'Créer le site' }));

    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nom' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    act(() => finish({}));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failure in the banner and field messages under the fields, then starts afresh on reopening', async () => {
    const run = async () => {
      throw new ApiError('http', 'Données invalides. Vérifiez les informations saisies.', {
        status: 400,
        errors: { nom: 'Ce nom est déjà pris' },
      });
    };
    const { user } = renderWithProviders(<NameForm run={run} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Les Jardins{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors de la création du site');
    expect(alert).toHaveTextContent('Données invalides. Vérifiez les informations saisies.');
    expect(await screen.findByText('Ce nom est déjà pris')).toBeInTheDocument();
    expect(toastStore.getSnapshot()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Rouvrir' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Ce nom est déjà pris')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('');
  });

  it("says a reason that is a field's message once, under the field", async () => {
    const run = async () => {
      throw new ApiError('http', 'Ce nom est déjà pris', { status: 409, errors: { nom: 'Ce nom est déjà pris' } });
    };
    const { user } = renderWithProviders(<NameForm run={run} />);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Les Jardins{Enter}');

    expect(await screen.findByRole('alert', { name: 'Erreur lors de la création du site' })).toBeInTheDocument();
    expect(await screen.findAllByText('Ce nom est déjà pris')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveAttribute('aria-invalid', 'true');
  });
});
