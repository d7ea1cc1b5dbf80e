import { linearUrlPattern } from './linear-url-pattern.ts';
import { uriTemplateRegExp } from './uri-template-regexp.ts';

/**
 * How a matcher reads its pattern: `exact` and `urlpattern` are the current draft's types;
 * `template` is the classic protocol's selector (the `topic` parameter, bare strings in the
 * `mercure` claim): the same string, or a URI template (RFC 6570) the topic expands.
 */
export type MatcherType = 'exact' | 'urlpattern' | 'template';

/** A compiled topic matcher; `*` matches every topic whatever the type. */
export type TopicMatcher = {
  readonly type: MatcherType;
  readonly pattern: string;
  /** The topic this matcher can only ever match, if it is one string: indexes subscribers. */
  readonly exact: string | undefined;
  test(topic: string): boolean;
};

/** Longest pattern accepted, in characters (subscription parameters and token claims). */
export const MAX_PATTERN_LENGTH = 4096;

export class InvalidMatcher extends Error {}

/**
 * Compiles a matcher, or throws InvalidMatcher. Relative URL patterns and relative topics are
 * resolved against `hubUrl`, as the protocol says; a topic that is no URL never matches a pattern.
 */
export function compileMatcher(type: MatcherType, pattern: string, hubUrl: string): TopicMatcher {
  if (pattern.length > MAX_PATTERN_LENGTH) throw new InvalidMatcher('pattern too long');
  if (pattern === '*') return { type, pattern, exact: undefined, test: () => true };
  if (type === 'exact') return exactMatcher(type, pattern);
  if (type === 'template') {
    let regexp: RegExp | undefined;
    try {
      regexp = uriTemplateRegExp(pattern);
    } catch {
      throw new InvalidMatcher('the URI template cannot be matched in linear time');
    }
    if (!regexp) return exactMatcher(type, pattern);
    return { type, pattern, exact: undefined, test: (t) => t === pattern || regexp.test(t) };
  }
  let urlPattern: ReturnType<typeof linearUrlPattern>;
  try {
    urlPattern = linearUrlPattern(pattern, hubUrl);
  } catch {
    throw new InvalidMatcher('invalid URL pattern');
  }
  return {
    type,
    pattern,
    exact: undefined,
    test(topic) {
      try {
        return urlPattern.test(topic, hubUrl);
      } catch {
        return false;
      }
    },
  };
}

function exactMatcher(type: MatcherType, pattern: string): TopicMatcher {
  return { type, pattern, exact: pattern, test: (t) => t === pattern };
}
