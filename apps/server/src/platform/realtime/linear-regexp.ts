import v8 from 'node:v8';

let enabled = false;

/**
 * A regular expression run by V8's linear-time engine (the `l` flag), for patterns that clients
 * choose (URI templates, URL patterns): the protocol asks hubs to bound their matching cost, and
 * a backtracking engine takes exponential time on a crafted pattern. The engine is behind a V8
 * flag that only makes the `l` flag available; no other regular expression changes. It does not
 * run lookarounds, back-references or the `u` flag: such a pattern throws a SyntaxError here.
 */
export function linearRegExp(source: string, flags = ''): RegExp {
  if (!enabled) {
    v8.setFlagsFromString('--enable-experimental-regexp-engine');
    enabled = true;
  }
  return new RegExp(source, `${flags}l`);
}
