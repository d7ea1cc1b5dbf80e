import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Access } from '@embauche/contracts/permissions';
import { forbidden, unauthenticated } from '../http/http-error.ts';
import type { AuthContext } from './auth-context.ts';

/** What a route declares: its access, and the schemas it validates (tests derive inputs from them). */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: Access | undefined;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
};

/** Routes that plugins register (API docs, built web assets) are public by nature. */
const PUBLIC_PLUGIN_PREFIXES = ['/api/docs', '/assets/', '/i18n/'];

/** Refuses the request (401/403) before its body is even parsed when the route's access is not met. */
export function enforceRouteAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config?.access;
  if (access && access !== 'public') requireAccess(request, access);
}

/**
 * Records every route with what it declares and refuses, at start-up, an /api route that
 * declares neither a permission nor `public`.
 */
export function registerAccessControl(app: FastifyInstance): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { access?: Access };
    if (!config.access && PUBLIC_PLUGIN_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...config, access: 'public' };
    }
    const access = (route.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as DeclaredRoute['schema'];
    for (const method of methods) routes.push({ method, url: route.url, access, schema });
    if (route.url.startsWith('/api') && !access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access (permission or 'public')`,
      );
    }
  });
  return routes;
}

/** Throws 401 or 403 unless the request's user holds `access`; answers the auth context. */
export function requireAccess(request: FastifyRequest, access: Access = '*'): AuthContext {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (access !== '*' && access !== 'public' && !auth.permissions.has(access)) throw forbidden();
  return auth;
}
