import type { Access } from '@embauche/contracts/permissions';

/** Who is asking: set on every /api request from the session cookie. */
export type AuthContext = {
  sessionId: string;
  userId: number;
  /** The company whose data this request works on; always from the session, never the request. */
  companyId: number;
  roleId: number | null;
  /**
   * The REAL person's flags, even while acting as someone: they decide who may call the acting
   * routes (modules/acting-as), never what the acted-as context may do (that is `permissions`).
   */
  superAdmin: boolean;
  partnerAdmin: boolean;
  permissions: ReadonlySet<string>;
  /**
   * Acting as someone (issue 16 part 3): the real person behind the session when `userId` is the
   * user acted as, and who or which company is acted as. Unset when nobody is acted as.
   */
  realUserId?: number;
  /** The real person's own company, while they act as another one. */
  realCompanyId?: number;
  actingAsUserId?: number | null;
  actingAsCompanyId?: number | null;
  /** The role a partner administrator acts as (its permissions apply), when one is. */
  actingAsRoleId?: number | null;
  /** Where the request comes from (the audit trail writes it). */
  client?: { ip: string | null; userAgent: string | null };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares what it needs: a permission, any signed-in user (`*`) or `public`. */
    access?: Access;
    /** False: a call of the route does not count as activity (the session's idle timeout runs on). */
    touchesSession?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
