import {
  type DeuxFacteursEnrolement,
  deuxFacteursActivationSchema,
  deuxFacteursEnrolementSchema,
  type LoginAnswer,
  type LoginBody,
  type LoginData,
  loginAnswerSchema,
  loginDataSchema,
  type Profile,
  type ProfileUpdateBody,
  profileSchema,
  type RegisterBody,
} from '@app/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sendFormData } from '../api/form-data-request.ts';
import { type ApiMessage, api, sessionStore, tokenMonitor } from '../api/index.ts';

/** Account kinds of the password reset (spec 1 §2.3). */
export type AccountKind = 'membre' | 'personnel';

/** The session, or the code step for an account with two factors. */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  const answer = await api.post<{ data: unknown }>('/personnel-auth/login', body, { auth: false, notify: false });
  return loginAnswerSchema.parse(answer.data);
}

/** The sign-in's code step: a code of the authenticator app, or a recovery code. */
export async function verifySecondFactor(jeton_2fa: string, code: string): Promise<LoginData> {
  const answer = await api.post<{ data: unknown }>(
    '/personnel-auth/2fa/verification',
    { jeton_2fa, code },
    { auth: false, notify: false },
  );
  return loginDataSchema.parse(answer.data);
}

/** A new secret to scan (the previous pending one, if any, no longer serves). */
export async function startTwoFactorEnrolment(): Promise<DeuxFacteursEnrolement> {
  const answer = await api.post<{ data: unknown }>('/personnel-auth/2fa/enrolement');
  return deuxFacteursEnrolementSchema.parse(answer.data);
}

/** Confirms the scan with a first code; answers the ten recovery codes, shown once. */
export async function activateTwoFactor(code: string): Promise<string[]> {
  const answer = await api.post<{ data: unknown }>('/personnel-auth/2fa/activation', { code }, { notify: false });
  return deuxFacteursActivationSchema.parse(answer.data).codes_secours;
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
  return { profile: profileSchema.parse(answer.data), message: answer.message ?? 'Profil sauvegardé avec succès !' };
}

/** Replaces one's profile photo with the square image cropped in the browser; answers the profile. */
export async function uploadProfilePhoto(photo: Blob): Promise<{ profile: Profile; message: string }> {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  const answer = await sendFormData<{ data: unknown; message: string }>('PUT', '/personnel-auth/profile/photo', form);
  return { profile: profileSchema.parse(answer.data), message: answer.message };
}

export async function removeProfilePhoto(): Promise<{ profile: Profile; message: string }> {
  const answer = await api.delete<{ data: unknown; message: string }>('/personnel-auth/profile/photo');
  return { profile: profileSchema.parse(answer.data), message: answer.message };
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

/** Creates a prospect's demandeur account (issue 26): no session, a verification link is mailed. */
export async function registerAccount(body: RegisterBody): Promise<string> {
  const answer = await api.post<ApiMessage>('/personnel-auth/register', body, { auth: false, notify: false });
  return answer.message;
}

/** Spends the verification link mailed at registration: the account may then sign in. */
export async function verifyEmail(token: string): Promise<string> {
  const answer = await api.post<ApiMessage>('/personnel-auth/verify-email', { token }, { auth: false, notify: false });
  return answer.message;
}

/** A new verification link for an account that waits; the answer is the same for any address. */
export async function resendVerification(email: string): Promise<string> {
  const answer = await api.post<ApiMessage>(
    '/personnel-auth/resend-verification',
    { email },
    { auth: false, notify: false },
  );
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

/** Query keys of the session's own data. */
export const authKeys = {
  all: ['auth'] as const,
  profile: () => [...authKeys.all, 'profile'] as const,
};

/** The signed-in profile; every fetch also refreshes the stored copy the shell reads. */
export const profileQuery = () =>
  queryOptions({
    queryKey: authKeys.profile(),
    queryFn: async ({ signal }) => {
      const profile = await fetchProfile(signal);
      sessionStore.setProfile(profile);
      return profile;
    },
    staleTime: 5 * 60_000,
  });

/** One's own profile edit: the profile page and the shell's header show the saved copy at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(authKeys.profile(), profile);
      sessionStore.setProfile(profile);
    },
  });
}

/** One's profile photo, replaced (a cropped image) or removed (null): the header shows it at once. */
export function useProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob | null) => (photo ? uploadProfilePhoto(photo) : removeProfilePhoto()),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(authKeys.profile(), profile);
      sessionStore.setProfile(profile);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      changePassword(currentPassword, newPassword),
  });
}

/** After a successful login: tokens, user and profile stored; the gate then starts monitoring. */
export function startSession(data: LoginData, queryClient: QueryClient): void {
  queryClient.clear();
  sessionStore.start({
    token: data.token,
    refreshToken: data.refreshToken,
    sessionExpiresAt: data.sessionExpiresAt,
    profile: { ...data.personnel, must_change_password: data.must_change_password },
  });
  queryClient.setQueryData(authKeys.profile(), data.personnel);
}

/** Logout (spec 1 §4): monitoring stopped, logout call made, all stored data cleared even if the call fails. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  tokenMonitor.stop();
  try {
    await logoutCall();
  } catch {
    // The server may be unreachable or the session already over: sign out locally anyway.
  } finally {
    sessionStore.clear();
    queryClient.clear();
  }
}
