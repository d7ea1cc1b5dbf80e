import type { FastifyInstance } from 'fastify';
import { validationFailed } from './http-error.ts';

/**
 * PostgreSQL refuses U+0000 in text (SQLite stores it), and no field of ours has a use for it: a
 * NUL anywhere in the path, the query or a JSON body answers 422 `invalid` on that field, on both
 * databases alike, before any handler runs. Multipart fields are checked as readMultipart reads them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulField(request.params) ?? nulField(request.query) ?? nulField(request.body ?? null);
    if (field !== undefined) throw validationFailed({ [field || '_']: ['invalid'] });
  });
}

/** The dotted path of the first string (value or key) holding a NUL, if any. */
export function nulField(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}
