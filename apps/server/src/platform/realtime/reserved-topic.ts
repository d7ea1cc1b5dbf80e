/** The hub's path: its subtree is reserved for what the hub itself generates. */
export const HUB_PATH = '/.well-known/mercure';

const RESOLUTION_BASE = `https://mercure.invalid${HUB_PATH}`;
const UNRESERVED_ESCAPE = /%([0-9A-Fa-f]{2})/g;

/**
 * Whether a topic, resolved against the hub's URL with the WHATWG URL parser, has a path equal to
 * or under the hub's path, whatever its scheme and host. Dot segments are removed by the parser
 * and escaped unreserved characters decoded first, so that `/.well-known/%6Dercure/…` or
 * `/.well-known/mercure/../mercure/…` do not slip through. A topic that is no URL reference
 * names no hub path.
 */
export function addressesReservedNamespace(topic: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(topic, RESOLUTION_BASE).pathname;
  } catch {
    return false;
  }
  const path = pathname.replace(UNRESERVED_ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
  });
  return path === HUB_PATH || path.startsWith(`${HUB_PATH}/`);
}
