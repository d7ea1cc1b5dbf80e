import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@embauche/contracts/errors';
import { HttpError } from './http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin: a foreign `Origin`, or a browser's
 * `Sec-Fetch-Site: cross-site`, is refused with 403 before any handler runs.
 *
 * Our origin is PUBLIC_URL's. Only without it (development, tests) is it taken from the request's
 * Host, which the client chooses: a forged Host would otherwise pass any Origin it names.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isPublicWebhook(request)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const foreign =
      (origin !== undefined && origin !== 'null' && origin !== ownOrigin) ||
      origin === 'null' ||
      fetchSite === 'cross-site';
    if (foreign) {
      throw new HttpError(403, 'Cross-origin request refused.', ERROR_CODES.crossOrigin);
    }
  });
}

/** Provider webhooks (SMS, mail) are called from elsewhere by design and authenticate otherwise. */
function isPublicWebhook(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/webhooks/');
}
