import { SessionGate } from '../features/auth/SessionGate.tsx';
import { Shell } from './Shell.tsx';

/** The application behind the providers and the router. */
export function App() {
  return (
    <SessionGate>
      <Shell />
    </SessionGate>
  );
}
