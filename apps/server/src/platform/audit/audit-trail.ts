import type { Kysely } from 'kysely';
import type { AuditAction, AuditTargetType } from '@embauche/contracts/audit';
import type { DB } from '../db/schema.ts';
import type { AuditTrailRepository } from './audit-trail.repository.ts';

declare module '../modules/app-module.ts' {
  interface ProvidedServices {
    audit: AuditTrail;
  }
}

/**
 * Who acted: a request's auth context fits as it is; a sign-in, with no session yet, names the
 * account and the client itself.
 */
export type AuditActor = {
  companyId: number;
  /** Null when nobody is known yet (an SSO answer for an e-mail without an account). */
  userId: number | null;
  realUserId?: number;
  actingAsUserId?: number | null;
  actingAsCompanyId?: number | null;
  client?: { ip: string | null; userAgent: string | null };
};

export type AuditTarget = { type: AuditTargetType; id: number } | null;

/** Details are small: a value past this length is cut, never a reason to fail the act. */
const DETAIL_MAX = 2_000;

/**
 * The audit trail's writer (issue 16 part 5). Services call `record` in one line after (or, given
 * their transaction, with) the act; the company, the real person, whom they act as and the client
 * come from the auth context. Never give it a secret (password, token, code).
 */
export class AuditTrail {
  constructor(private readonly repo: AuditTrailRepository) {}

  async record(
    who: AuditActor,
    action: AuditAction,
    target: AuditTarget = null,
    details: Record<string, unknown> | null = null,
    trx?: Kysely<DB>,
  ): Promise<void> {
    await this.repo.insert([this.row(who, action, target, details)], trx);
  }

  private row(
    who: AuditActor,
    action: AuditAction,
    target: AuditTarget,
    details: Record<string, unknown> | null,
  ) {
    const json = details ? JSON.stringify(details) : null;
    return {
      company_id: who.companyId,
      actor_user_id: who.realUserId ?? who.userId,
      acting_as_user_id: who.actingAsUserId ?? null,
      acting_as_company_id: who.actingAsCompanyId ?? null,
      action,
      target_type: target?.type ?? null,
      target_id: target?.id ?? null,
      details: json && json.length > DETAIL_MAX ? JSON.stringify({ truncated: true }) : json,
      ip: who.client?.ip?.slice(0, 64) ?? null,
      user_agent: who.client?.userAgent?.slice(0, 512) ?? null,
      created_at: new Date().toISOString(),
    };
  }
}
