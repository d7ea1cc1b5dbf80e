import { decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AccessGrants, type Grant } from './access-grants.ts';
import { compileMatcher, type MatcherType, type TopicMatcher } from './topic-matcher.ts';
import { SESSION_CLAIM } from './mercure-token.ts';

/** The authorization detail type the draft defines (RFC 9396). */
export const MERCURE_DETAIL_TYPE = 'https://mercure.rocks/authorization-detail';
/** Bounds on what a token may carry: beyond them it is refused as invalid. */
const MAX_DETAILS = 100;
const MAX_DETAIL_TOPICS = 100;
const MAX_CLAIM_MATCHERS = 1000;
/** No compact JWS is shorter (two dots and three base64url parts). */
const MIN_TOKEN_LENGTH = 41;
/** A session id is a SHA-256 in hex; anything much longer is not one. */
const MAX_SESSION_ID_LENGTH = 128;

/** A token that fails validation: 401 `invalid_token`, whatever the reason (not disclosed). */
export class InvalidToken extends Error {}

export type TokenCheck = {
  key: Uint8Array;
  algorithm: string;
  /** Trusted issuers and resource identifier, checked on RFC 9068 access tokens. */
  issuers: readonly string[];
  audience: string;
  /** Base URL against which relative URL patterns resolve. */
  hubUrl: string;
  /** The time `exp` is checked against, in milliseconds since the epoch (default: now). */
  now?: number;
};

/**
 * Verifies a token and answers what it allows. Two forms are accepted side by side:
 *
 * - an RFC 9068 access token (`typ: at+jwt`), the draft's: `exp`, a trusted `iss` and the hub in
 *   `aud` are required; `authorization_details` of type {@link MERCURE_DETAIL_TYPE} grant
 *   `publish` and `subscribe` per matcher (`exact` by default, or `urlpattern`); one malformed
 *   detail refuses the whole token; unknown actions grant nothing;
 * - the classic token (any other `typ`), which deployed publishers and the spec's web client
 *   send: its `mercure.publish` and `mercure.subscribe` list selectors (exact strings, URI
 *   templates, `*`, or `{match, match_type}` objects); `exp` is enforced when present; its
 *   `authorization_details`, if any, are read as above instead.
 *
 * A `sid` claim ties the token to a session (the product's tokens): the grants carry it, and the
 * hub checks the session still lives. The algorithm is pinned by configuration, never taken from
 * the token.
 */
export async function verifyAccessToken(token: string, check: TokenCheck): Promise<AccessGrants> {
  if (token.length < MIN_TOKEN_LENGTH) throw new InvalidToken('malformed token');
  let modern: boolean;
  try {
    const typ = decodeProtectedHeader(token).typ ?? '';
    modern = typ.replace(/^application\//i, '').toLowerCase() === 'at+jwt';
  } catch {
    throw new InvalidToken('malformed token');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, check.key, {
      algorithms: [check.algorithm],
      ...(check.now !== undefined ? { currentDate: new Date(check.now) } : {}),
      ...(modern
        ? {
            issuer: [...check.issuers],
            audience: check.audience,
            requiredClaims: ['exp', 'iss', 'aud'],
          }
        : {}),
    }));
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) throw new InvalidToken(err.code);
    throw err;
  }
  const grants =
    payload.authorization_details !== undefined
      ? detailGrants(payload.authorization_details, check.hubUrl)
      : modern
        ? []
        : classicGrants(payload.mercure, check.hubUrl);
  return new AccessGrants(
    grants,
    payload.exp === undefined ? undefined : payload.exp * 1000,
    sessionOf(payload[SESSION_CLAIM]),
  );
}

/** The `sid` claim (the product's tokens): a non-empty string, or absent. */
function sessionOf(claim: unknown): string | undefined {
  if (claim === undefined) return undefined;
  if (!isString(claim) || claim === '' || claim.length > MAX_SESSION_ID_LENGTH)
    throw new InvalidToken('invalid sid claim');
  return claim;
}

/** The draft's `authorization_details`: entries of other types are left alone. */
function detailGrants(details: unknown, hubUrl: string): Grant[] {
  if (!Array.isArray(details)) throw new InvalidToken('authorization_details is not an array');
  const ours = details.filter((d) => isObject(d) && d.type === MERCURE_DETAIL_TYPE);
  if (ours.length > MAX_DETAILS) throw new InvalidToken('too many authorization details');
  let topicCount = 0;
  return ours.map((detail) => {
    const { actions, topics, payload } = detail as Record<string, unknown>;
    if (!Array.isArray(actions) || actions.length === 0 || !actions.every(isString))
      throw new InvalidToken('actions must be a non-empty array of strings');
    if (!Array.isArray(topics) || topics.length === 0)
      throw new InvalidToken('topics must be a non-empty array');
    topicCount += topics.length;
    if (topicCount > MAX_DETAIL_TOPICS) throw new InvalidToken('too many topic matchers');
    if (payload !== undefined && !isObject(payload))
      throw new InvalidToken('payload must be an object');
    return {
      actions: new Set(actions),
      matchers: topics.map((t) => objectMatcher(t, hubUrl, false)),
      payload,
    };
  });
}

/** The classic `mercure` claim: `{ publish?: selector[], subscribe?: selector[], payload? }`. */
function classicGrants(claim: unknown, hubUrl: string): Grant[] {
  if (claim === undefined) return [];
  if (!isObject(claim)) throw new InvalidToken('the mercure claim is not an object');
  const grants: Grant[] = [];
  for (const action of ['publish', 'subscribe'] as const) {
    const selectors = claim[action];
    if (selectors === undefined) continue;
    if (!Array.isArray(selectors)) throw new InvalidToken(`mercure.${action} is not an array`);
    if (selectors.length > MAX_CLAIM_MATCHERS) throw new InvalidToken('too many selectors');
    for (const selector of selectors) {
      const matcher = isString(selector)
        ? compile('template', selector, hubUrl)
        : objectMatcher(selector, hubUrl, true);
      const payload = isObject(selector) ? selector.payload : undefined;
      grants.push({ actions: new Set([action]), matchers: [matcher], payload });
    }
  }
  return grants;
}

/** `{ match, match_type? }`; the type defaults to `exact` and must be one the hub knows. */
function objectMatcher(entry: unknown, hubUrl: string, classic: boolean): TopicMatcher {
  if (!isObject(entry) || !isString(entry.match))
    throw new InvalidToken('a topic matcher must be an object with a "match" string');
  const type = entry.match_type ?? 'exact';
  if (type !== 'exact' && type !== 'urlpattern' && !(classic && type === 'template'))
    throw new InvalidToken('unknown match_type');
  return compile(type as MatcherType, entry.match, hubUrl);
}

function compile(type: MatcherType, pattern: string, hubUrl: string): TopicMatcher {
  try {
    return compileMatcher(type, pattern, hubUrl);
  } catch {
    throw new InvalidToken('invalid topic matcher');
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
