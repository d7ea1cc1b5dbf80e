import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../http/http-error.ts';
import { isProtocolString } from './protocol-string.ts';
import {
  compileMatcher,
  InvalidMatcher,
  type MatcherType,
  type TopicMatcher,
} from './topic-matcher.ts';

/** Most matchers one subscription request may hold. */
export const MAX_MATCHERS = 100;

/** Query parameters naming a matcher, and the matcher type each selects. */
const MATCHER_PARAMS: Record<string, MatcherType> = {
  topic: 'template',
  match: 'exact',
  match_exact: 'exact',
  match_urlpattern: 'urlpattern',
};

export type SubscriptionRequest = {
  matchers: TopicMatcher[];
  /** The last event the client received, if it sent one (it may be empty, or `earliest`). */
  lastEventId: string | undefined;
};

const badRequest = (message: string) => new HttpError(400, message, 'invalid_subscription');

/**
 * Reads a subscription's query: `topic` (classic: an exact string, a URI template or `*`),
 * `match` / `match_exact` (exact) and `match_urlpattern` (URL pattern), in any number and mix;
 * any other name in the reserved `match…` namespace (ASCII case-insensitive) is refused, as are
 * values with control or format characters and invalid patterns. The last event id comes from the
 * `Last-Event-ID` header, else `last_event_id`, else the classic `lastEventID` parameter.
 */
export function readSubscriptionRequest(
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
  hubUrl: string,
): SubscriptionRequest {
  const matchers: TopicMatcher[] = [];
  for (const [name, value] of query) {
    // Own keys only: `constructor`, `toString`… are not matchers (they hung the request).
    const type = Object.hasOwn(MATCHER_PARAMS, name) ? MATCHER_PARAMS[name] : undefined;
    if (!type) {
      if (/^match/i.test(name)) throw badRequest(`Unknown topic matcher parameter "${name}".`);
      continue;
    }
    if (matchers.length >= MAX_MATCHERS) throw badRequest('Too many topic matchers.');
    if (!isProtocolString(value)) throw badRequest('Invalid topic matcher value.');
    try {
      matchers.push(compileMatcher(type, value, hubUrl));
    } catch (err) {
      if (err instanceof InvalidMatcher) throw badRequest('Invalid topic matcher pattern.');
      throw err;
    }
  }
  if (matchers.length === 0) throw badRequest('Missing "topic" or "match" parameter.');
  const header = headers['last-event-id'];
  const lastEventId =
    (typeof header === 'string' && header !== '' ? header : undefined) ??
    query.get('last_event_id') ??
    query.get('lastEventID') ??
    (typeof header === 'string' ? header : undefined);
  return { matchers, lastEventId };
}
