import { fileTooLargeMessage } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { circuitBreaker, sessionStore } from '../../api/index.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { keepSpaces } from '../../test/keep-spaces.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { ProduitFormModal } from './ProduitFormModal.tsx';
import { list, makeProduit, profileOf } from './test-data.ts';

const SITES = [
  {
    id: 3,
    nom_site: 'Les Jardins de Cocody',
    adresse_site: 'Rue des Jardins',
    ville_site: 'Abidjan',
    prix_metre_carre: 150_000,
    localisation_site: null,
    video_site: null,
    photo_site: null,
    plan_site: null,
    photos_site: [],
    plans_site: [],
    est_actif: true,
    nombre_produits: 4,
    created_by: 1,
    updated_by: 1,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
  },
];

afterEach(() => toastStore.clear());

beforeEach(() => {
  circuitBreaker.reset();
  sessionStore.start({
    token: 'access',
    refreshToken: 'refresh',
    sessionExpiresAt: '2026-11-22T20:00:00.000Z',
    profile: profileOf('admin'),
  });
});

function png(name: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

function serve(answer?: { status: number; body: unknown }) {
  return mockFetch((call) => {
    if (call.url.startsWith('/api/sites')) return list(SITES, 1, 1000);
    if (call.url === '/api/produits' && call.method === 'POST') {
      return (
        answer ?? {
          status: 201,
          body: { success: true, data: makeProduit({ id: 9 }), message: 'Produit créé avec succès' },
        }
      );
    }
    return { status: 404, body: { success: false, message: 'Ressource non trouvée', code: 'NOT_FOUND' } };
  });
}

/** The multipart bodies the modal sent (the JSON fetch mock does not record them). */
function multipartCalls() {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(([, init]) => init?.body instanceof FormData)
    .map(([url, init]) => ({ url: String(url), method: init?.method, form: init?.body as FormData }));
}

async function fillValidForm(user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Titre/), 'Villa Akwaba');
  await user.type(within(dialog).getByLabelText(/^Description/), 'Villa de 5 pièces');
  await user.type(within(dialog).getByLabelText(/^Superficie \(m²\)/), '300');
  await user.type(within(dialog).getByLabelText(/^Prix de vente \(FCFA\)/), '45000000');
  const site = within(dialog)
    .getAllByLabelText(/^Site/)
    .find((element) => element.tagName === 'INPUT') as HTMLElement;
  await user.click(site);
  await user.click(await screen.findByRole('option', { name: 'Les Jardins de Cocody — Abidjan' }));
  await user.upload(within(dialog).getByLabelText('Images du produit'), [png('facade.png'), png('salon.png')]);
  await user.upload(within(dialog).getByLabelText('Plans du produit'), [
    new File(['%PDF-1.4'], 'plan-rdc.pdf', { type: 'application/pdf' }),
  ]);
  // The dropzone reads the dropped files asynchronously: wait until they are listed.
  for (const name of ['facade.png', 'salon.png', 'plan-rdc.pdf']) await within(dialog).findByText(name);
}

describe('ProduitFormModal', () => {
  it("shows the spec's messages and sends nothing while the form is invalid", async () => {
    serve();
    const { user } = renderWithProviders(<ProduitFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un nouveau produit' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));
    for (const message of [
      'Le titre du produit est requis',
      'La description est requise',
      'La superficie doit être supérieure à 0',
      'Le prix de vente doit être supérieur à 0',
      'Veuillez sélectionner un site',
      'Au moins une image est obligatoire',
      'Au moins un plan est obligatoire',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(multipartCalls()).toHaveLength(0);
    // The defaults of a new product: one of each room.
    expect(within(dialog).getByLabelText('Chambres')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Toilettes')).toHaveValue('1');
    expect(
      within(dialog).getByText(/JPEG, PNG ou WebP · 1 à 10 images · 10 Mo maximum par fichier/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/PDF, DOC, DOCX, JPEG, PNG ou WebP · 1 à 5 plans/)).toBeInTheDocument();
  });

  it('refuses a file over 10 MB with the spec message', async () => {
    serve();
    const { user } = renderWithProviders(<ProduitFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un nouveau produit' });
    const big = png('grande-photo.png');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Images du produit'), [big, png('petite.png')]);
    expect(
      await within(dialog).findByText(fileTooLargeMessage('image', 'grande-photo.png'), keepSpaces),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('L’image « grande-photo.png » est trop volumineuse. Taille maximum : 10 Mo', keepSpaces),
    ).toBeInTheDocument();
    // The small one is kept, with a remove button.
    await user.click(within(dialog).getByRole('button', { name: 'Retirer petite.png' }));
    expect(within(dialog).queryByRole('button', { name: 'Retirer petite.png' })).not.toBeInTheDocument();
  });

  it('sends multipart with repeated image and plan, then says so and closes after 1.5 s', async () => {
    serve();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ProduitFormModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un nouveau produit' });
    await fillValidForm(user, dialog);
    expect(within(dialog).getByRole('button', { name: 'Retirer facade.png' })).toBeInTheDocument();
    expect(within(dialog).getByText('plan-rdc.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Produit créé avec succès');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(toastStore.getSnapshot()).toEqual([]);
    const [sent] = multipartCalls();
    expect(sent?.url).toBe('/api/produits');
    expect(sent?.method).toBe('POST');
    const form = sent?.form as FormData;
    expect(form.getAll('image').map((f) => (f as File).name)).toEqual(['facade.png', 'salon.png']);
    expect(form.getAll('plan').map((f) => (f as File).name)).toEqual(['plan-rdc.pdf']);
    expect(form.get('titre')).toBe('Villa Akwaba');
    expect(form.get('type')).toBe('logement');
    expect(form.get('superficie')).toBe('300');
    expect(form.get('prix_vente')).toBe('45000000');
    expect(form.get('site_id')).toBe('3');
    expect(form.get('nombre_salon')).toBe('1');
    // An empty optional field is sent empty: no delay (and clears one in an edit).
    expect(form.get('delais_construction')).toBe('');
  });

  it("shows the failure in the banner and the server's field errors under the fields and the dropzones", async () => {
    serve({
      status: 415,
      body: {
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Le fichier « salon.png » n’est pas accepté. Types acceptés : JPEG, PNG ou WebP.',
        errors: {
          image: 'Le fichier « salon.png » n’est pas accepté. Types acceptés : JPEG, PNG ou WebP.',
          titre: 'Ce titre est trop long',
        },
      },
    });
    const { user } = renderWithProviders(<ProduitFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un nouveau produit' });
    await fillValidForm(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));
    const refused = 'Le fichier « salon.png » n’est pas accepté. Types acceptés : JPEG, PNG ou WebP.';
    const banner = await within(dialog).findByRole('alert', { name: 'Erreur lors de la création du produit' });
    // The reason is the images' message: said once, under their drop zone.
    expect(banner.textContent).not.toContain(refused);
    expect(within(dialog).getByText(refused, keepSpaces)).toBeInTheDocument();
    expect(within(dialog).getByText('Ce titre est trop long')).toBeInTheDocument();
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(within(dialog).getByLabelText(/^Titre/)).toHaveAttribute('aria-invalid', 'true');
  });
});
