import { DEFAULT_PREFERENCES } from '@app/shared';
import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../api/index.ts';
import { preferencesKeys } from '../data/preferences.ts';
import { ADMIN_PROFILE, fakeJwt, mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders, testQueryClient } from '../test/render.tsx';
import { DraftNotice } from './DraftNotice.tsx';
import { useDraft } from './use-draft.ts';

/** A form that opens and closes like the app's modals: reset, then look for a draft. */
function DraftForm({ creating = true }: { creating?: boolean }) {
  const [opened, setOpened] = useState(true);
  const [sent, setSent] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { nom: '', ville: '' } });
  const draft = useDraft('essai', form, { enabled: creating, omit: ['ville'] });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening only, as FormModal's onOpen.
  useEffect(() => {
    if (!opened) return;
    form.setValues({ nom: '', ville: '' });
    draft.look();
  }, [opened]);
  return (
    <>
      <Button onClick={() => setOpened((o) => !o)}>{opened ? 'Fermer' : 'Ouvrir'}</Button>
      {opened && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            draft.clear();
            setSent(true);
          }}
        >
          <DraftNotice draft={draft} note="Les fichiers sont à joindre à nouveau." />
          <TextInput label="Nom" {...form.getInputProps('nom')} />
          <TextInput label="Ville" {...form.getInputProps('ville')} />
          <Button type="submit">Envoyer</Button>
          {sent && <output>Envoyé</output>}
        </form>
      )}
    </>
  );
}

const draftKey = `brouillon:${ADMIN_PROFILE.id}:essai`;

/** Signed in, the account's preferences already read. */
function signIn(autoSave = true) {
  sessionStore.start({
    token: fakeJwt(900),
    refreshToken: 'refresh',
    sessionExpiresAt: new Date(Date.now() + 3600_000).toISOString(),
    profile: ADMIN_PROFILE,
  });
  mockFetch(() => ({ status: 404, body: { success: false, message: 'Ressource non trouvée' } }));
  const queryClient = testQueryClient();
  queryClient.setQueryData(preferencesKeys.mine(ADMIN_PROFILE.id), { ...DEFAULT_PREFERENCES, autoSave });
  return { queryClient };
}

beforeEach(() => window.localStorage.clear());

describe('useDraft', () => {
  it('keeps what is typed, offers it back at the next opening, and forgets it once sent', async () => {
    const { user } = renderWithProviders(<DraftForm />, signIn());
    expect(screen.queryByText('Brouillon retrouvé')).not.toBeInTheDocument();
    // Nothing is written for an untouched form.
    await user.type(screen.getByLabelText('Nom'), 'Villa Akwaba');
    await user.type(screen.getByLabelText('Ville'), 'Bouaké');
    await waitFor(() => expect(window.localStorage.getItem(draftKey)).toContain('Villa Akwaba'));

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByText('Brouillon retrouvé')).toBeInTheDocument();
    expect(screen.getByText(/Les fichiers sont à joindre à nouveau\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Nom')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Reprendre le brouillon' }));
    expect(screen.getByLabelText('Nom')).toHaveValue('Villa Akwaba');
    // A field the form leaves out of its draft is not given back.
    expect(screen.getByLabelText('Ville')).toHaveValue('');
    expect(screen.queryByText('Brouillon retrouvé')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(window.localStorage.getItem(draftKey)).toBeNull();
  });

  it('forgets the draft on « Recommencer », and every draft at sign-out', async () => {
    window.localStorage.setItem(draftKey, JSON.stringify({ savedAt: new Date().toISOString(), values: { nom: 'A' } }));
    window.localStorage.setItem('brouillon:1:autre', JSON.stringify({ savedAt: '', values: {} }));
    const { user } = renderWithProviders(<DraftForm />, signIn());
    await user.click(await screen.findByRole('button', { name: 'Recommencer' }));
    expect(window.localStorage.getItem(draftKey)).toBeNull();
    expect(screen.getByLabelText('Nom')).toHaveValue('');
    sessionStore.clear();
    expect(window.localStorage.getItem('brouillon:1:autre')).toBeNull();
  });

  it('offers no draft when the preference is off, nor to an edit', () => {
    const kept = JSON.stringify({ savedAt: new Date().toISOString(), values: { nom: 'A' } });
    window.localStorage.setItem(draftKey, kept);
    const off = renderWithProviders(<DraftForm />, signIn(false));
    expect(screen.getByLabelText('Nom')).toHaveValue('');
    expect(screen.queryByText('Brouillon retrouvé')).not.toBeInTheDocument();
    off.unmount();
    renderWithProviders(<DraftForm creating={false} />, signIn(true));
    expect(screen.queryByText('Brouillon retrouvé')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey)).toBe(kept);
  });
});
