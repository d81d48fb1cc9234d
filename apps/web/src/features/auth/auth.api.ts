import {
  type DemandePublicBody,
  type LoginBody,
  type LoginData,
  loginDataSchema,
  type Profile,
  type ProfileUpdateBody,
  type PublicProduit,
  profileSchema,
  publicProduitSchema,
} from '@app/shared';
import { type ApiMessage, api, sessionStore } from '../../api/index.ts';

/** Account kinds of the password reset (spec 1 §2.3). */
export type AccountKind = 'membre' | 'personnel';

export async function login(body: LoginBody): Promise<LoginData> {
  const answer = await api.post<{ data: unknown }>('/personnel-auth/login', body, { auth: false, notify: false });
  return loginDataSchema.parse(answer.data);
}

/** Ends the server session; the refresh token names it even when the access token has expired. */
export async function logoutCall(): Promise<void> {
  const { refreshToken } = sessionStore.getSnapshot();
  await api.post<ApiMessage>('/personnel-auth/logout', refreshToken ? { refreshToken } : undefined, {
    notify: false,
    refreshOn401: false,
  });
}

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const answer = await api.get<unknown>('/personnel-auth/profile', { signal });
  return profileSchema.parse(answer.data);
}

export async function updateProfile(body: ProfileUpdateBody): Promise<{ profile: Profile; message: string }> {
  const answer = await api.put<{ data: unknown; message?: string }>('/personnel-auth/profile', body);
  return { profile: profileSchema.parse(answer.data), message: answer.message ?? 'Profil sauvegardé avec succès !' };
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const answer = await api.post<ApiMessage>('/personnel-auth/change-password', { currentPassword, newPassword });
  return answer.message;
}

export async function extendSession(): Promise<string> {
  const answer = await api.post<{ data: { sessionExpiresAt: string } }>('/personnel-auth/extend-session');
  return answer.data.sessionExpiresAt;
}

/** Spends the lock notice's unlock link: sign-ins from the locked addresses are allowed again. */
export async function unlockAccount(token: string): Promise<string> {
  const answer = await api.post<ApiMessage>('/personnel-auth/unlock', { token }, { auth: false, notify: false });
  return answer.message;
}

/** Asks for a 6-digit code by e-mail; the answer is the same whether the account exists or not. */
export async function requestResetCode(kind: AccountKind, email: string): Promise<string> {
  const path = kind === 'membre' ? '/membre-auth/forgot-password' : '/personnel-auth/forgot-password';
  const answer = await api.post<ApiMessage>(path, { email }, { auth: false, notify: false });
  return answer.message;
}

export async function resetPassword(kind: AccountKind, email: string, code: string, password: string): Promise<string> {
  const answer =
    kind === 'membre'
      ? await api.post<ApiMessage>(
          '/membre-auth/reset-password-otp',
          { email, otp_code: code, new_password: password },
          { auth: false, notify: false },
        )
      : await api.post<ApiMessage>(
          '/personnel-auth/reset-password',
          { email, token: code, password },
          { auth: false, notify: false },
        );
  return answer.message;
}

/** The available products a visitor may ask for (no token): title, site, price. */
export async function fetchPublicProduits(signal?: AbortSignal): Promise<PublicProduit[]> {
  const answer = await api.get<unknown>('/demandes/public/produits', { signal, auth: false, notify: false });
  return publicProduitSchema.array().parse(answer.data);
}

/** The login screen's registration request (no token; rate-limited by the server). */
export async function submitPublicDemande(body: DemandePublicBody): Promise<string> {
  const answer = await api.post<ApiMessage>('/demandes/public', body, { auth: false, notify: false });
  return answer.message;
}
