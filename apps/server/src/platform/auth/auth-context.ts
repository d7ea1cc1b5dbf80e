import type { Access } from '@embauche/contracts/permissions';

/** Who is asking: set on every /api request from the session cookie. */
export type AuthContext = {
  sessionId: string;
  userId: number;
  /** The company whose data this request works on; always from the session, never the request. */
  companyId: number;
  roleId: number | null;
  superAdmin: boolean;
  partnerAdmin: boolean;
  permissions: ReadonlySet<string>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares what it needs: a permission, any signed-in user (`*`) or `public`. */
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
