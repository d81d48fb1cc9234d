import { type Capability, can, MESSAGES } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { AuditActor } from '../modules/audit/audit.repository.ts';
import type { AuthService, RequestUser } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The capability the caller's role must have (packages/shared/rights.ts). */
    right?: Capability;
    /** No token needed. */
    public?: boolean;
    /** Reachable while the account must still change its temporary password. */
    duringPasswordChange?: boolean;
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
    const user = await auth.authenticate(token);
    request.user = user;
    if (user.role !== 'admin' && (await app.settings.get()).system.maintenanceMode) {
      throw new AppError('MAINTENANCE', MESSAGES.maintenance);
    }
    if (user.mustChangePassword && !config.duringPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
    }
    if (!config.right || !can(user.role, config.right)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  });
}

/** The signed-in caller; for routes that declare a right, the hook guarantees it. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
  return request.user;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return {
    user_id: request.user?.id ?? null,
    ip_address: request.ip ?? null,
    user_agent: request.headers['user-agent'] ?? null,
  };
}
