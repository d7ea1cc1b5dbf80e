import { SignJWT } from 'jose';

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

/** The Mercure subscription JWT: `mercure.subscribe` lists the topics; valid as long as a session. */
export async function mercureSubscriptionToken(
  secret: string,
  topics: string[],
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ mercure: { subscribe: topics } })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
