import { type APIRequestContext, expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, DEMO_PASSWORD, type DemoRole } from './helpers.ts';

/** A demo account's bearer header, signed in through the API. */
export async function apiAuth(request: APIRequestContext, role: DemoRole) {
  const response = await request.post('/api/personnel-auth/login', {
    data: { identifier: DEMO[role], password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).data.token}` };
}

/** The text of a PDF, its runs of spaces (no-break ones included) made one. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The token of the verification address a receipt prints under its QR code. */
export function verificationToken(text: string): string {
  const token = /\/verification\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('pas d’adresse de vérification dans le reçu');
  return token;
}

/** The verification token of a validated demo payment, read from its receipt as the comptable downloads it. */
export async function genuineToken(request: APIRequestContext): Promise<string> {
  const headers = await apiAuth(request, 'comptable');
  const list = await request.get('/api/versements?statut=valide&limit=1', { headers });
  const [versement] = (await list.json()).data as { id: number }[];
  if (!versement) throw new Error('aucun versement validé dans les données de démonstration');
  const recu = await request.get(`/api/versements/${versement.id}/recu`, { headers });
  expect(recu.status()).toBe(200);
  return verificationToken(await pdfText(await recu.body()));
}

/** The same token with its last character changed: a forgery. */
export const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
