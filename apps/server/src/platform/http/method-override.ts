import type { IncomingMessage } from 'node:http';

const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * A POST with `?_method=PUT|PATCH|DELETE` is routed as that method, so that multipart updates work
 * from HTML forms. Used as Fastify's `rewriteUrl`, which runs before the route lookup.
 */
export function applyMethodOverride(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method !== 'POST') return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  const method = params.get('_method')?.toUpperCase();
  if (!method || !OVERRIDABLE.has(method)) return url;
  req.method = method;
  params.delete('_method');
  const rest = params.toString();
  return url.slice(0, q) + (rest ? `?${rest}` : '');
}
