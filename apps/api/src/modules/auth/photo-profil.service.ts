import { PHOTO_PROFIL_MESSAGES, type Profile } from '@app/shared';
import type { Caller } from '../../caller.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MediaStore, SaveFiles } from '../../media/media-store.ts';
import type { ParsedForm } from '../../plugins/files.ts';
import { insertAudit } from '../audit/audit.repository.ts';
import { findUtilisateurById, updateUtilisateur } from '../utilisateurs/utilisateurs.repository.ts';
import { toProfile } from './auth.service.ts';

/**
 * One's own profile photo (issue 26): the browser crops it square; the server takes one image,
 * checked by its content, keeps it in the media store under the account, and removes the
 * previous one once the change is committed.
 */
export class PhotoProfilService {
  constructor(
    private readonly db: Database,
    private readonly media: MediaStore,
  ) {}

  async set(caller: Caller, form: ParsedForm): Promise<Profile> {
    const [photo] = form.files.photo;
    if (!photo) {
      throw new AppError('VALIDATION_ERROR', PHOTO_PROFIL_MESSAGES.required, { photo: PHOTO_PROFIL_MESSAGES.required });
    }
    return this.replace(caller, async (save) => (await save(`utilisateurs/${caller.id}`, [photo]))[0]?.path ?? null);
  }

  async remove(caller: Caller): Promise<Profile> {
    return this.replace(caller, async () => null);
  }

  /** Writes the new photo (or none) and its audit row in one transaction; the old file goes after. */
  private async replace(caller: Caller, next: (save: SaveFiles) => Promise<string | null>): Promise<Profile> {
    const { before, after } = await this.media.transactional((save) =>
      this.db.transaction().execute(async (trx) => {
        const before = await findUtilisateurById(trx, caller.id);
        if (!before) throw new AppError('NOT_FOUND', 'Utilisateur non trouvé');
        const photo_profil = await next(save);
        const after = await updateUtilisateur(trx, caller.id, { photo_profil, updated_by: caller.id });
        await insertAudit(trx, caller, {
          action: 'updated',
          table_name: 'utilisateurs',
          record_id: caller.id,
          old_values: { photo_profil: before.photo_profil },
          new_values: { photo_profil },
        });
        return { before, after };
      }),
    );
    if (before.photo_profil && before.photo_profil !== after.photo_profil)
      await this.media.remove([before.photo_profil]);
    return toProfile(after, caller.mustEnrolTwoFactor, this.media);
  }
}
