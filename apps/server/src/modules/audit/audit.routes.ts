import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditLogPage, ZAuditLogQuery } from '@embauche/contracts/audit';
import { requireAccess } from '../../platform/auth/access.ts';
import type { AuditService } from './audit.service.ts';

/** `GET /activity-logs` (contracts/audit.ts): the config page's audit trail. */
export function auditRoutes(service: AuditService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/activity-logs',
      {
        config: { access: 'config.activity_logs' },
        schema: { querystring: ZAuditLogQuery, response: { 200: ZAuditLogPage } },
      },
      async (request) => service.list(requireAccess(request), request.query),
    );
  };
}
