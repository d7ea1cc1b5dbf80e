import type { TAuditLogEntry, TAuditLogPage, TAuditLogQuery } from '@embauche/contracts/audit';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { addDays } from '../../platform/http/date-range.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import type { AuditLogRow, AuditRepository } from './audit.repository.ts';

const person = (
  id: number | null,
  firstname: string | null,
  lastname: string | null,
  email: string | null,
) =>
  id !== null && firstname !== null
    ? { id, firstname, lastname: lastname ?? '', email: email ?? '' }
    : null;

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function toAuditLogEntry(row: AuditLogRow): TAuditLogEntry {
  return {
    id: row.id,
    action: row.action,
    created_at: row.created_at,
    actor: person(row.actor_user_id, row.actor_firstname, row.actor_lastname, row.actor_email),
    actor_user_id: row.actor_user_id,
    acting_as_user: person(
      row.acting_as_user_id,
      row.acting_firstname,
      row.acting_lastname,
      row.acting_email,
    ),
    acting_as_company:
      row.acting_as_company_id !== null && row.acting_company_name !== null
        ? { id: row.acting_as_company_id, name: row.acting_company_name }
        : null,
    target_type: row.target_type,
    target_id: row.target_id,
    details: parseDetails(row.details),
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** The config page `activity-logs`: the company's audit trail, filtered and paged. */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  async list(auth: AuthContext, query: TAuditLogQuery): Promise<TAuditLogPage> {
    const from = query['filter[from]'] ?? null;
    const to = query['filter[to]'] ?? null;
    for (const [field, day] of [
      ['filter.from', from],
      ['filter.to', to],
    ] as const) {
      if (day && Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
        throw validationFailed({ [field]: ['invalid'] });
      }
    }
    const page = await this.repo.page(
      auth.companyId,
      {
        actions: (query['filter[action]'] ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
        userId: query['filter[user]'] ?? null,
        from: from ? `${from}T00:00:00.000Z` : null,
        // The last day is whole: entries before the next day's midnight.
        to: to ? `${addDays(to, 1)}T00:00:00.000Z` : null,
        q: query['filter[q]'] || null,
      },
      query.page,
      query.per_page,
    );
    return { ...page, data: page.data.map(toAuditLogEntry) };
  }
}
