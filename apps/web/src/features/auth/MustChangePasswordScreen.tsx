import { MESSAGES } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../api/index.ts';
import { profileQuery } from '../../data/auth.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { GateScreen } from './GateScreen.tsx';

/** A temporary password must be replaced before anything else (decisions §3). */
export function MustChangePasswordScreen() {
  const queryClient = useQueryClient();
  return (
    <GateScreen title="Changement de mot de passe requis" reason={MESSAGES.passwordChangeRequired}>
      <ChangePasswordForm
        submitLabel="Changer le mot de passe"
        onDone={() => {
          const profile = sessionStore.getSnapshot().userData?.profile;
          if (profile) sessionStore.setProfile({ ...profile, must_change_password: false });
          queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 }).catch(() => undefined);
        }}
      />
    </GateScreen>
  );
}
