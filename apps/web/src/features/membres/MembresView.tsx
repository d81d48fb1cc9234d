import { useCurrentProfile } from '../../api/index.ts';
import { MembresPage } from './MembresPage.tsx';
import { MesClientsPage } from './MesClientsPage.tsx';

/** The 'membres' view (spec 3 §2.7): the members page for an admin, 'Mes Clients' for a gestionnaire. */
export default function MembresView() {
  const profile = useCurrentProfile();
  return profile?.role === 'gestionnaire' ? <MesClientsPage /> : <MembresPage />;
}
