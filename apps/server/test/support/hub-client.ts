import { SignJWT, type JWTPayload } from 'jose';
import type { TestContext } from './test-app.ts';
import { signIn } from './test-app.ts';

/** The draft's authorization detail type. */
export const DETAIL = 'https://mercure.rocks/authorization-detail';

/** A test key for publishers (the subscriber key is the app's MERCURE_JWT_SECRET). */
export const PUBLISHER_KEY = 'publisher-key-of-the-hub-tests-0123456789';

/** Signs a token with HS256; `typ: at+jwt` makes it an RFC 9068 access token. */
export function signToken(
  key: string,
  claims: JWTPayload,
  options: { typ?: string; expiresIn?: string | number } = {},
): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({
    alg: 'HS256',
    ...(options.typ ? { typ: options.typ } : {}),
  });
  if (options.expiresIn !== undefined) jwt.setExpirationTime(options.expiresIn);
  return jwt.sign(new TextEncoder().encode(key));
}

/** A classic publisher token granting `mercure.publish` on these selectors. */
export const publisherToken = (selectors: string[] = ['*'], key = PUBLISHER_KEY) =>
  signToken(key, { mercure: { publish: selectors } });

/** Publishes over HTTP; answers status and body. */
export async function publish(
  baseUrl: string,
  token: string | undefined,
  fields: [string, string][],
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(`${baseUrl}/.well-known/mercure`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

/** The hub URL with these query parameters (repeated names allowed). */
export function hubUrl(baseUrl: string, params: [string, string][]): string {
  return `${baseUrl}/.well-known/mercure?${new URLSearchParams(params)}`;
}

/** Signs a demo user in and answers their id and subscription token (from /api/me). */
export async function userToken(ctx: TestContext, email: string) {
  const cookie = await signIn(ctx.app, email);
  const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json() as {
    id: number;
    company_id: number;
    mercure_subscription_token: string;
  };
  return { id: me.id, companyId: me.company_id, token: me.mercure_subscription_token };
}
