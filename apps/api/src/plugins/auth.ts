import { BACKGROUND_READ_HEADER, type Capability, can, DEUX_FACTEURS_MESSAGES, MESSAGES } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, scopeOf, type Visitor } from '../caller.ts';
import { AppError } from '../errors.ts';
import type { AuthService, RequestUser } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The capability the caller's role must have (packages/shared/rights.ts). */
    right?: Capability;
    /** No token needed. */
    public?: boolean;
    /** Reachable while the account must still change its temporary password. */
    duringPasswordChange?: boolean;
    /** Reachable by a session that must enrol in two-factor sign-in first (decision 0028). */
    duringTwoFactorEnrolment?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared right, for the test that nothing is left open. */
    routeRights: RouteRight[];
  }
}

export interface RouteRight {
  method: string;
  url: string;
  right: Capability | undefined;
  public: boolean;
  /** Status codes with a response schema. */
  responses: string[];
}

/**
 * Authentication and rights, deny by default: an /api route must declare `public`
 * or a `right`; one that declares neither answers 403 to everyone.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null);
  const routeRights: RouteRight[] = [];
  app.decorate('routeRights', routeRights);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config ?? {};
    const responses = Object.keys((route.schema as { response?: object } | undefined)?.response ?? {});
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeRights.push({ method, url: route.url, right: config.right, public: config.public === true, responses });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api') || config.public) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
    // Only a read can be a background one: a change is always the person's doing.
    const background = request.method === 'GET' && request.headers[BACKGROUND_READ_HEADER] === '1';
    const user = await auth.authenticate(token, !background);
    request.user = user;
    if (user.role !== 'admin' && (await app.settings.get()).system.maintenanceMode) {
      throw new AppError('MAINTENANCE', MESSAGES.maintenance);
    }
    if (user.mustChangePassword && !config.duringPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
    }
    if (user.mustEnrolTwoFactor && !config.duringTwoFactorEnrolment) {
      throw new AppError('DEUX_FACTEURS_A_ACTIVER', DEUX_FACTEURS_MESSAGES.required);
    }
    if (!config.right || !can(user.role, config.right)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  });
}

/** Where the request comes from, signed in or not. */
export function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}

/** The signed-in caller with his scope; for routes that declare a right, the hook guarantees one. */
export function callerOf(request: FastifyRequest): Caller {
  const user = request.user;
  if (!user) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
  return { ...user, scope: scopeOf(user.id, user.role), ...visitorOf(request) };
}
