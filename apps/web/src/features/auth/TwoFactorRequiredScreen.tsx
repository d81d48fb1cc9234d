import { DEUX_FACTEURS_MESSAGES } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../api/index.ts';
import { profileQuery } from '../../data/auth.ts';
import { GateScreen } from './GateScreen.tsx';
import { TwoFactorEnrolment } from './TwoFactorEnrolment.tsx';

/** Two factors are required of this account and it has none: it enrols before anything else (decision 0028). */
export function TwoFactorRequiredScreen() {
  const queryClient = useQueryClient();
  return (
    <GateScreen title="Activer la double authentification" reason={DEUX_FACTEURS_MESSAGES.required}>
      <TwoFactorEnrolment
        onDone={() => {
          const profile = sessionStore.getSnapshot().userData?.profile;
          if (profile) sessionStore.setProfile({ ...profile, deux_facteurs: true, deux_facteurs_a_activer: false });
          queryClient.fetchQuery({ ...profileQuery(), staleTime: 0 }).catch(() => undefined);
        }}
      />
    </GateScreen>
  );
}
