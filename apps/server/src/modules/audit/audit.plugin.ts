import { defineModule } from '../../platform/modules/app-module.ts';
import { AuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditService } from './audit.service.ts';

/**
 * The audit trail's reading side: `GET /api/activity-logs`. Entries are written by the platform's
 * `audit` service (platform/audit/audit-trail.ts), which every module may use.
 */
export const auditModule = defineModule({
  name: 'audit',
  async register({ app, database }) {
    const service = new AuditService(new AuditRepository(database.db));
    await app.register(auditRoutes(service), { prefix: '/api' });
  },
});
