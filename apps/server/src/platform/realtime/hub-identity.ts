import type { FastifyRequest } from 'fastify';
import type { MercureConfig } from '../config/config.ts';
import { HUB_PATH } from './reserved-topic.ts';

/** The metadata document's path (RFC 9728), derived from the hub's. */
export const METADATA_PATH = `/.well-known/oauth-protected-resource${HUB_PATH}`;

/** Who the hub is for a request: its URL, resource identifier and trusted token issuers. */
export type HubIdentity = {
  /** The hub's URL: relative topics and URL patterns resolve against it. */
  hubUrl: string;
  /** The `aud` RFC 9068 tokens must name. */
  audience: string;
  /** The `iss` they may bear. */
  issuers: readonly string[];
  metadataUrl: string;
};

/**
 * From PUBLIC_URL when set; without it (development) from the request's origin, as the
 * reference hub derives its identity from the host it is reached at. MERCURE_JWT_AUDIENCE and
 * MERCURE_JWT_ISSUER override the defaults.
 */
export function hubIdentity(
  request: FastifyRequest,
  config: MercureConfig,
  publicUrl: string | undefined,
): HubIdentity {
  const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
  const hubUrl = `${origin}${HUB_PATH}`;
  return {
    hubUrl,
    audience: config.audience ?? hubUrl,
    issuers: config.issuers ?? [publicUrl ?? origin],
    metadataUrl: `${origin}${METADATA_PATH}`,
  };
}
