import { SignJWT } from 'jose';

/**
 * The claim naming the session a subscription token belongs to: the session's id, which is the
 * SHA-256 of the cookie's token (the token cannot be recovered from it, and no route accepts it).
 * The hub refuses the token, and ends its streams, once that session has ended.
 */
export const SESSION_CLAIM = 'sid';

/** Topics a user may subscribe to (DESIGN section 4). */
export function userTopics(user: {
  companyId: number;
  roleId: number | null;
  userId: number;
}): string[] {
  return [
    `v2/company/${user.companyId}`,
    ...(user.roleId ? [`v2/role/${user.roleId}`] : []),
    `v2/user/${user.userId}`,
  ];
}

/**
 * The Mercure subscription JWT: `mercure.subscribe` lists the topics; `sid` ties it to a session;
 * it expires `ttlSeconds` after `now` (the web app renews it through `GET /api/hub-token`).
 */
export async function mercureSubscriptionToken(
  secret: string,
  topics: string[],
  ttlSeconds: number,
  sessionId?: string,
  now = Date.now(),
): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({
    mercure: { subscribe: topics },
    ...(sessionId ? { [SESSION_CLAIM]: sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The signed-in session's token: its user's topics, bound to the session, short-lived. */
export function sessionSubscriptionToken(
  config: { mercureJwtSecret: string; mercure: { tokenTtlSeconds: number } },
  auth: { sessionId: string; companyId: number; roleId: number | null; userId: number },
  now = Date.now(),
): Promise<string> {
  return mercureSubscriptionToken(
    config.mercureJwtSecret,
    userTopics(auth),
    config.mercure.tokenTtlSeconds,
    auth.sessionId,
    now,
  );
}
