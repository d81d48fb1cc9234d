import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test('a request filed from the public form rings the gestionnaire’s bell; he opens it on the requests and it is read', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now()).slice(-9);
  const nom = `Cloche${stamp}`;
  const produits = await request.get('/api/demandes/public/produits');
  const [produit] = (await produits.json()).data as { id: number }[];
  const filed = await request.post('/api/demandes/public', {
    data: {
      nom_complet: `${nom} Adjoua`,
      num_cni: `CI8${stamp}0`,
      date_naissance: '1990-03-15',
      situation_matrimoniale: 'celibataire',
      profession: 'Infirmière',
      email: `adjoua.${stamp}@demo.test`,
      telephone: '+225 07 12 34 56 78',
      pays: 'Côte d’Ivoire',
      ville: 'Abidjan',
      adresse: 'Cocody Angré',
      produit_id: produit?.id,
      engagement_mensuel: 150_000,
      duree_paiement: 60,
      site_web: '',
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  await signIn(page, DEMO.gestionnaire);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ non lues?$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const named = (prefix: string) =>
    panel.getByRole('button', { name: new RegExp(`^${prefix}Nouvelle demande d’inscription\\. Adjoua ${nom} `) });
  await named('Non lue\\s: ').click();
  await expect(page.getByRole('heading', { name: 'Gestion des Demandes', level: 1 })).toBeVisible();
  // Read now: the bell shows it without the unread mark (other tests may ring it meanwhile).
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await expect(named('')).toBeVisible();
});
