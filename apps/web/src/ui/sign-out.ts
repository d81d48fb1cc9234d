import { createContext, useContext } from 'react';
import { sessionStore } from '../api/index.ts';

/**
 * Ends the session from a page (an auth-error panel's 'Se reconnecter'): the shell provides the
 * real logout (server call, monitoring stopped, storage and cache cleared), so a feature never
 * imports the auth feature. Without a provider, the stored session is cleared.
 */
export const SignOutContext = createContext<(() => void) | null>(null);

export function useSignOut(): () => void {
  return useContext(SignOutContext) ?? (() => sessionStore.clear());
}
