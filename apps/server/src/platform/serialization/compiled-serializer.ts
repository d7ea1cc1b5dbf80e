import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X, 'null']`: no branch to try at run time. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node as JsonSchema)) {
    // Bounds only validate; a serializer has nothing to do with them.
    if (k === '$schema' || k === 'minimum' || k === 'maximum') continue;
    out[k] = simplify(v);
  }
  const any = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nil = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nil];
    if (nil >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A response serializer compiled once per route from its zod schema (JSON schema, then
 * fast-json-stringify): it writes the declared fields without building a validated copy of every
 * row, which is what the big lists spend most of their time on (a board of 5,000 applications).
 * Falls back to the zod serializer when the schema has no JSON form.
 */
export const compiledSerializer: FastifySerializerCompiler<unknown> = (route) => {
  try {
    const json = simplify(
      z.toJSONSchema(route.schema as z.ZodType, { io: 'output', unrepresentable: 'throw' }),
    ) as JsonSchema;
    // A page or the whole list (`{ data, … }` or `[…]`): one serializer each, picked by shape,
    // instead of fast-json-stringify validating the answer against each branch in turn.
    const branches = json.anyOf as JsonSchema[] | undefined;
    if (
      Array.isArray(branches) &&
      branches.length === 2 &&
      branches.some((b) => b.type === 'array') &&
      branches.some((b) => b.type === 'object')
    ) {
      const defs = json.$defs ? { $defs: json.$defs } : {};
      const compile = (type: string) =>
        fastJsonStringify({ ...branches.find((b) => b.type === type)!, ...defs } as Schema);
      const list = compile('array');
      const page = compile('object');
      return (data: unknown) => (Array.isArray(data) ? list(data) : page(data as object));
    }
    return fastJsonStringify(json as unknown as Schema) as (data: unknown) => string;
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
