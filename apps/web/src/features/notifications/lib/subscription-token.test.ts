import { describe, expect, it } from 'vitest';
import { renewalDelay, tokenExpiry, tokenNeedsRenewal } from './subscription-token.ts';

const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${part({ alg: 'HS256' })}.${part(claims)}.sig`;

describe('subscription token expiry', () => {
  const now = Date.UTC(2026, 10, 24, 3, 0, 0);
  const s = now / 1000;

  it('reads exp from a base64url JWT payload, and nothing from anything else', () => {
    // A payload whose base64 holds "-" and "_" once made URL-safe.
    const token = jwt({ exp: s + 3600, mercure: { subscribe: ['v2/user/7?>>>'] } });
    expect(tokenExpiry(token)).toBe((s + 3600) * 1000);
    expect(tokenExpiry('token')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
    expect(tokenExpiry(jwt({ exp: 'soon' }))).toBeNull();
    expect(renewalDelay('token', now)).toBeNull();
    expect(tokenNeedsRenewal('token', now)).toBe(false);
  });

  it('renews a minute before exp, or a fifth of a shorter lifetime before it', () => {
    const long = jwt({ iat: s, exp: s + 3600 });
    expect(renewalDelay(long, now)).toBe(3540_000);
    expect(tokenNeedsRenewal(long, now + 3539_000)).toBe(false);
    expect(tokenNeedsRenewal(long, now + 3540_000)).toBe(true);
    const short = jwt({ iat: s, exp: s + 100 });
    expect(renewalDelay(short, now)).toBe(80_000);
    // Already past its renewal time: at once.
    expect(renewalDelay(jwt({ iat: s - 7200, exp: s - 10 }), now)).toBe(0);
  });

  it('never waits longer than setTimeout can', () => {
    expect(renewalDelay(jwt({ iat: s, exp: s + 365 * 86400 }), now)).toBe(2 ** 31 - 1);
  });
});
