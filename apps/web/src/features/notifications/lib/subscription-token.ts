/** Renew the subscription token this long before it expires (or a fifth of its life, if shorter). */
export const TOKEN_RENEW_MARGIN_MS = 60_000;
/** setTimeout's longest delay; a longer wait is cut and looked at again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Claims = { exp?: unknown; iat?: unknown };

function claims(token: string): Claims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const parsed: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    return parsed && typeof parsed === 'object' ? (parsed as Claims) : null;
  } catch {
    return null;
  }
}

/** When the subscription token (a JWT) expires, in ms since the epoch; null without a readable `exp`. */
export function tokenExpiry(token: string): number | null {
  const exp = claims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** How long before the token's expiry it is renewed: a minute, or a fifth of its lifetime if shorter. */
function margin(token: string, expiry: number): number {
  const iat = claims(token)?.iat;
  const lifetime = typeof iat === 'number' ? expiry - iat * 1000 : Infinity;
  return Math.max(0, Math.min(TOKEN_RENEW_MARGIN_MS, lifetime / 5));
}

/** Whether the token must be renewed now: it expires within its margin (a token without `exp` never does). */
export function tokenNeedsRenewal(token: string, now = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && expiry - margin(token, expiry) <= now;
}

/** The wait before renewing the token (null: never), at most setTimeout's longest. */
export function renewalDelay(token: string, now = Date.now()): number | null {
  const expiry = tokenExpiry(token);
  if (expiry === null) return null;
  return Math.min(MAX_TIMER_MS, Math.max(0, expiry - margin(token, expiry) - now));
}
