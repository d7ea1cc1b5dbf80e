import type { FastifyRequest } from 'fastify';
import type { MercureConfig } from '../config/config.ts';
import { headerId } from './header-id.ts';
import { hubIdentity } from './hub-identity.ts';

/**
 * The `Link` header that points subscribers at the hub (`rel="mercure"`), with the id of the last
 * update dispatched as `last-event-id`: passed back as `last_event_id`, it makes the stream
 * replay whatever was published between this answer and the connection.
 */
export function discoveryLink(
  request: FastifyRequest,
  hub: { lastEventId: string },
  config: MercureConfig,
  publicUrl: string | undefined,
): string {
  const { hubUrl } = hubIdentity(request, config, publicUrl);
  const cursor = headerId(hub.lastEventId).replace(/["\\]/g, '\\$&');
  return `<${hubUrl}>; rel="mercure"; last-event-id="${cursor}"`;
}
