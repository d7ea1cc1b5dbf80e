import type { TopicMatcher } from './topic-matcher.ts';

export type HubAction = 'publish' | 'subscribe';

/** One grant of a token: actions on the topics its matchers match. */
export type Grant = {
  readonly actions: ReadonlySet<string>;
  readonly matchers: readonly TopicMatcher[];
  readonly payload?: unknown;
};

/** Up to this many exact topics a list is searched; beyond, a set (a set weighs more). */
const LIST_LIMIT = 16;

type Allowed = {
  exact: readonly string[] | ReadonlySet<string>;
  patterns: readonly TopicMatcher[];
};

const NOTHING: Allowed = { exact: [], patterns: [] };

/**
 * What a verified token allows, per action: its exact topics (the product's tokens hold only
 * a few of those) and its other matchers, tried in turn. Kept small: every open stream holds one.
 */
export class AccessGrants {
  readonly #publish: Allowed;
  readonly #subscribe: Allowed;

  constructor(
    grants: readonly Grant[],
    /** The token's `exp`, in milliseconds since the epoch. */
    readonly expiresAt: number | undefined,
    /** The session the token belongs to (its `sid`): it ends with it. None: an operator's token. */
    readonly sessionId?: string,
  ) {
    this.#publish = allowed(grants, 'publish');
    this.#subscribe = allowed(grants, 'subscribe');
  }

  /** Whether the token allows `action` on this topic. */
  allows(action: HubAction, topic: string): boolean {
    const { exact, patterns } = action === 'publish' ? this.#publish : this.#subscribe;
    if (Array.isArray(exact) ? exact.includes(topic) : (exact as Set<string>).has(topic))
      return true;
    return patterns.some((m) => m.test(topic));
  }

  /** Whether it allows `action` on one of the topics at least (reading a private update). */
  allowsAny(action: HubAction, topics: readonly string[]): boolean {
    return topics.some((t) => this.allows(action, t));
  }

  /** Whether it allows `action` on every topic (publishing). */
  allowsAll(action: HubAction, topics: readonly string[]): boolean {
    return topics.every((t) => this.allows(action, t));
  }
}

function allowed(grants: readonly Grant[], action: HubAction): Allowed {
  const exact: string[] = [];
  const patterns: TopicMatcher[] = [];
  for (const grant of grants) {
    if (!grant.actions.has(action)) continue;
    for (const m of grant.matchers) {
      if (m.exact === undefined) patterns.push(m);
      else if (!exact.includes(m.exact)) exact.push(m.exact);
    }
  }
  if (exact.length === 0 && patterns.length === 0) return NOTHING;
  return { exact: exact.length > LIST_LIMIT ? new Set(exact) : exact, patterns };
}
