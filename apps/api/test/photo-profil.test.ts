import { PHOTO_PROFIL_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PDF, PNG } from './catalogue-helpers.ts';
import { auditRows, buildTestApp, loginAs, ROLES_ALL, type TestContext } from './helpers.ts';
import { createClient } from './money-helpers.ts';
import { storedFiles } from './stored-files.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx.close();
});

type Headers = Record<string, string>;

const upload = (auth: Headers, file = PNG, filename = 'moi.png') => {
  const form = multipart({}, [{ field: 'photo', name: filename, data: file, type: 'image/png' }]);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/personnel-auth/profile/photo',
    headers: { ...auth, ...form.headers },
    payload: form.payload,
  });
};
const remove = (auth: Headers) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/personnel-auth/profile/photo', headers: auth });

describe('profile photo', () => {
  it('lets every role set and remove its own photo', async () => {
    for (const role of ROLES_ALL) {
      const { auth } = await loginAs(ctx, role);
      expect((await upload(auth)).statusCode, role).toBe(200);
      expect((await remove(auth)).statusCode, role).toBe(200);
    }
    expect((await upload({})).statusCode).toBe(401);
  });

  it('keeps the image in the store under the account, served at its signed address, and replaces it', async () => {
    const { account, auth } = await loginAs(ctx, 'gestionnaire');
    const first = await upload(auth);
    expect(first.json()).toMatchObject({ message: PHOTO_PROFIL_MESSAGES.saved });
    const address = first.json().data.photo_profil as string;
    expect(address).toMatch(new RegExp(`^/api/media/utilisateurs/${account.id}/[0-9a-f-]{36}\\.png\\?exp=\\d+&sig=`));
    const served = await ctx.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The header's profile and the staff lists show it.
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/personnel-auth/profile', headers: auth });
    expect(profile.json().data.photo_profil).toMatch(/^\/api\/media\/utilisateurs\//);
    const { auth: admin } = await loginAs(ctx, 'admin');
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/utilisateurs?search=${encodeURIComponent(account.email)}`,
      headers: admin,
    });
    expect(listed.json().data[0].photo_profil).toMatch(/^\/api\/media\/utilisateurs\//);
    const staff = await ctx.app.inject({ method: 'GET', url: `/api/personnel/${account.id}`, headers: admin });
    expect(staff.json().data.photo_profil).toMatch(/^\/api\/media\/utilisateurs\//);

    // A new photo replaces the old one, whose file goes; removing leaves none.
    expect((await upload(auth)).statusCode).toBe(200);
    expect(await storedFiles(ctx, `utilisateurs/${account.id}`)).toHaveLength(1);
    const removed = await remove(auth);
    expect(removed.json()).toMatchObject({ data: { photo_profil: null }, message: PHOTO_PROFIL_MESSAGES.removed });
    expect(await storedFiles(ctx, `utilisateurs/${account.id}`)).toHaveLength(0);
    const audit = await auditRows(ctx.db, { action: 'updated', user_id: account.id });
    expect(audit.filter((row) => 'photo_profil' in (row.new_values as object))).toHaveLength(3);
  });

  it("shows a member's photo to the staff who read him", async () => {
    const client = await createClient(ctx);
    expect((await upload(client.auth)).statusCode).toBe(200);
    const { auth: admin } = await loginAs(ctx, 'admin');
    const membre = await ctx.app.inject({ method: 'GET', url: `/api/membres/${client.id}`, headers: admin });
    expect(membre.json().data.photo_profil).toMatch(/^\/api\/media\/utilisateurs\//);
  });

  it('refuses what is not an image, judged by its content, and a form without a photo', async () => {
    const { account, auth } = await loginAs(ctx, 'comptable');
    const pdf = await upload(auth, PDF, 'photo.png');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toMatch(/n’est pas accepté/);
    const none = await ctx.app.inject({
      method: 'PUT',
      url: '/api/personnel-auth/profile/photo',
      headers: { ...auth, ...multipart({ nom: 'x' }).headers },
      payload: multipart({ nom: 'x' }).payload,
    });
    expect(none.statusCode).toBe(400);
    expect(await storedFiles(ctx, `utilisateurs/${account.id}`)).toHaveLength(0);
  });
});
