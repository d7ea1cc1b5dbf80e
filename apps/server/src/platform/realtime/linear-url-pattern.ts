import { URLPattern } from 'urlpattern-polyfill/urlpattern';
import { linearRegExp } from './linear-regexp.ts';

/**
 * Builds a URL pattern (WHATWG URL Pattern standard, through urlpattern-polyfill, since Node 20
 * has no URLPattern) whose component regular expressions run on V8's linear-time engine: the
 * protocol requires hubs to bound the cost of matching a client's pattern, and the polyfill's
 * own expressions backtrack (`https://x/:a:b:c:d…` takes hours on a long topic).
 *
 * The polyfill compiles each component with `new RegExp(source, 'u')` while it is constructed;
 * for that synchronous moment `RegExp` is one that compiles the same source for the linear engine.
 * Patterns without custom regular-expression groups (refused here) generate only escaped text,
 * `[^…]+?` segment wildcards, `.*` and groups, which mean the same without the `u` flag.
 */
export function linearUrlPattern(pattern: string, baseUrl: string): URLPattern {
  const NativeRegExp = globalThis.RegExp;
  const Linear = function (source: string | RegExp, flags?: string) {
    if (typeof source !== 'string' || !/^i?u?i?$/.test(flags ?? '')) {
      return new NativeRegExp(source, flags);
    }
    return linearRegExp(source, flags?.includes('i') ? 'i' : '');
  } as unknown as RegExpConstructor;
  globalThis.RegExp = Linear;
  let compiled: URLPattern;
  try {
    compiled = new URLPattern(pattern, baseUrl);
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
  if ((compiled as URLPattern & { hasRegExpGroups?: boolean }).hasRegExpGroups) {
    throw new TypeError('custom regular-expression groups are not accepted');
  }
  return compiled;
}
