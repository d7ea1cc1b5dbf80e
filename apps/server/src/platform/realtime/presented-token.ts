import type { FastifyRequest } from 'fastify';
import { bearerError } from './bearer-error.ts';

/** The classic protocol's cookie name, and the draft's recommended one: both are read. */
const COOKIE_NAMES = ['mercureAuthorization', '__Secure-mercure_access_token'];

/**
 * The access token a request presents, in this order: the `Authorization: Bearer` header (any
 * cookie is then ignored), the classic `authorization` query parameter, the cookie (the
 * configured name first). Undefined when none is presented. A malformed header answers 400
 * `invalid_request`, as does a publication authorised by cookie without an `Origin` whose
 * `Referer` is not the hub's origin: a cookie is ambient, so where the request comes from must
 * be known (cross-site request forgery).
 */
export function presentedToken(
  request: FastifyRequest,
  query: URLSearchParams,
  cookieName: string,
  identity: { hubUrl: string; metadataUrl: string },
): string | undefined {
  const { metadataUrl } = identity;
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer +(\S+)$/i.exec(header);
    if (!match) throw bearerError('invalid_request', metadataUrl);
    return match[1];
  }
  const fromQuery = query.get('authorization');
  if (fromQuery) return fromQuery;
  const cookies = request.cookies ?? {};
  const cookie = [cookieName, ...COOKIE_NAMES].map((name) => cookies[name]).find(Boolean);
  if (cookie && request.method === 'POST' && !request.headers.origin) {
    // A foreign Origin is refused before (origin-check.ts); without one, the Referer must be ours.
    if (refererOrigin(request.headers.referer) !== new URL(identity.hubUrl).origin)
      throw bearerError('invalid_request', metadataUrl);
  }
  return cookie;
}

function refererOrigin(referer: string | undefined): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
}
