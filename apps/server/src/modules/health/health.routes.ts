import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** `GET /api/health`: 200 when the database answers, 503 otherwise (for load balancers). */
export function healthRoutes(db: Kysely<DB>) {
  return async (app: FastifyInstance) => {
    app.get('/health', { config: { access: 'public' } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    });
  };
}
