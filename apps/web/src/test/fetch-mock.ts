import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  /** A multipart body as sent. */
  form: FormData | null;
  headers: Record<string, string>;
}

export type Responder = (
  call: RecordedCall,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Stubs `fetch` (the client's only boundary) with a responder; returns the recorded calls. */
export function mockFetch(responder: Responder): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: RecordedCall = {
        method: (init.method ?? 'GET').toUpperCase(),
        url: String(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        form: init.body instanceof FormData ? init.body : null,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const { status, body } = await responder(call);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const PUBLIC_SETTINGS = {
  general: {
    companyName: 'Autopromotion Immobilière',
    slogan: 'Société d’Autopromotion Immobilière',
    address: 'Boulevard Latrille, Cocody, Abidjan',
    phone: '+225 27 22 41 50 50',
    email: 'contact@autopromotion.test',
    timeZone: 'Africa/Abidjan',
  },
  security: { sessionTimeout: 30, passwordMinLength: 8, requireSpecialChars: true },
};

export const ADMIN_PROFILE = {
  id: 1,
  email: 'admin@demo.test',
  nom: 'Konan',
  prenom: 'Serge',
  telephone: '+225 07 08 11 22 33',
  role: 'admin' as const,
  photo_profil: null,
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-11-20T10:30:00.000Z',
  password_changed_at: '2026-03-02T08:00:00.000Z',
  must_change_password: false,
  deux_facteurs: false,
  deux_facteurs_a_activer: false,
};

/** A JWT-shaped token whose `exp` is `secondsFromNow` away (unsigned: the client only reads `exp`). */
export function fakeJwt(secondsFromNow: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.sig`;
}
