import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** `anyOf: [X, {type: 'null'}]` (zod's nullable) as `type: [X, 'null']`: no branch to try at run time. */
export function simplify(node: unknown): unknown {
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

/** A schema the shaper below does not handle: the route keeps fast-json-stringify. */
class Unsupported extends Error {}

/** Keywords that only validate or describe: they change nothing in what is written. */
const INERT = new Set([
  'type',
  'description',
  'title',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'minLength',
  'maxLength',
  'pattern',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'id',
]);

/** Scalars, arrays of scalars and unions of them: JSON values with no object inside. */
function isScalar(s: JsonSchema): boolean {
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).every(isScalar);
  if (!Object.keys(s).every((k) => INERT.has(k) || k === 'items' || k === 'format')) return false;
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : [s.type];
  return types.every((t) =>
    t === 'array'
      ? !!s.items && !Array.isArray(s.items) && isScalar(s.items as JsonSchema)
      : ['string', 'number', 'integer', 'boolean', 'null'].includes(t as string),
  );
}

/** Conversions of the written values, as fast-json-stringify does them. */
const helpers = {
  str(v: unknown): string {
    if (typeof v === 'string') return v;
    if (v === null) return '';
    if (v instanceof Date) return v.toISOString();
    if (v instanceof RegExp) return v.source;
    return String(v);
  },
  int(v: unknown): number {
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    const n = Math.trunc(Number(v));
    if (!Number.isFinite(n))
      throw new Error(`The value "${String(v)}" cannot be converted to an integer.`);
    return n;
  },
  num(v: unknown): number | null {
    const n = Number(v);
    if (Number.isNaN(n))
      throw new Error(`The value "${String(v)}" cannot be converted to a number.`);
    return Number.isFinite(n) ? n : null;
  },
  required(key: string): never {
    throw new Error(`"${key}" is required!`);
  },
  notArray(): never {
    throw new Error('Item is not an array');
  },
};

/**
 * Compiles a JSON schema (objects, arrays, strings, numbers, booleans, nullable ones) into a
 * function that copies the declared fields into plain objects, converted as fast-json-stringify
 * would write them; `JSON.stringify` then writes the copy. V8's native writer is much faster on a
 * big answer (5,000 applications: a few ms instead of tens) than building the text piece by piece,
 * and fields the schema does not declare never leave the server either.
 */
export function compileShaper(schema: JsonSchema): (value: unknown) => unknown {
  const functions: string[] = [];
  let next = 0;

  /** An expression giving what `schema` writes for the value of `input`. */
  function expression(s: JsonSchema, input: string): string {
    // A union of scalars (a custom field's value): nothing undeclared can hide in it, written as is.
    if (Array.isArray(s.anyOf) && isScalar(s)) return `(${input} === undefined ? null : ${input})`;
    for (const key of Object.keys(s)) {
      const handled =
        INERT.has(key) ||
        key === 'properties' ||
        key === 'required' ||
        key === 'items' ||
        key === 'propertyNames' ||
        (key === 'additionalProperties' &&
          (s[key] === false || (typeof s[key] === 'object' && s[key] !== null))) ||
        // fast-json-stringify writes a Date as a local day or time for these two formats only.
        (key === 'format' && s.format !== 'date' && s.format !== 'time');
      if (!handled) throw new Unsupported(key);
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
    const nullable = types.includes('null');
    const rest = types.filter((t) => t !== 'null');
    if (rest.length === 0 && nullable) return 'null';
    if (rest.length !== 1) throw new Unsupported('type');
    const write = (() => {
      switch (rest[0]) {
        case 'string':
          return (v: string) => `h.str(${v})`;
        case 'integer':
          return (v: string) => `h.int(${v})`;
        case 'number':
          return (v: string) => `h.num(${v})`;
        case 'boolean':
          return (v: string) => `!!${v}`;
        case 'object': {
          const name = objectFunction(s);
          return (v: string) => `${name}(${v})`;
        }
        case 'array': {
          const name = arrayFunction(s);
          return (v: string) => `${name}(${v})`;
        }
        default:
          throw new Unsupported(String(rest[0]));
      }
    })();
    // fast-json-stringify writes `null` for a nullable value that is null, "" for a string that is not.
    return nullable ? `(${input} === null ? null : ${write(input)})` : write(input);
  }

  function objectFunction(s: JsonSchema): string {
    const name = `f${next++}`;
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required ?? []) as string[]);
    const body: string[] = [];
    const fields: string[] = [];
    const optional: string[] = [];
    for (const [key, property] of Object.entries(properties)) {
      const k = JSON.stringify(key);
      const value = `o[${k}]`;
      if (required.has(key)) {
        fields.push(
          `${k}: ${value} === undefined ? h.required(${k}) : ${expression(property, value)}`,
        );
      } else {
        optional.push(`if (${value} !== undefined) out[${k}] = ${expression(property, value)};`);
      }
    }
    body.push(`function ${name}(input) {`);
    body.push(
      `const o = input != null && typeof input.toJSON === 'function' ? input.toJSON() : input;`,
    );
    // fast-json-stringify writes `{}` for a null object.
    body.push(`if (o === null || o === undefined) return {};`);
    body.push(`const out = { ${fields.join(', ')} };`);
    body.push(...optional);
    // A record (`z.record`): every key, each value written by the record's value schema.
    const extra = s.additionalProperties;
    if (extra && typeof extra === 'object') {
      const known = JSON.stringify(Object.keys(properties));
      body.push(
        `for (const k of Object.keys(o)) if (!${known}.includes(k)) out[k] = ${expression(extra as JsonSchema, 'o[k]')};`,
      );
    }
    body.push('return out; }');
    functions.push(body.join('\n'));
    return name;
  }

  function arrayFunction(s: JsonSchema): string {
    const name = `f${next++}`;
    const items = s.items as JsonSchema | undefined;
    if (!items || Array.isArray(items)) throw new Unsupported('items');
    const item = expression(items, 'a[i]');
    functions.push(`function ${name}(a) {
      if (!Array.isArray(a)) h.notArray();
      const n = a.length;
      const out = new Array(n);
      for (let i = 0; i < n; i++) out[i] = ${item};
      return out;
    }`);
    return name;
  }

  const root = expression(schema, 'value');
  // Code generated from the route's schema (keys quoted by JSON.stringify), as fast-json-stringify does.
  const factory = new Function(
    'h',
    `${functions.join('\n')}\nreturn function (value) { return ${root}; };`,
  );
  return factory(helpers) as (value: unknown) => unknown;
}

/** A serializer from a JSON schema: the shaper when it handles the schema, else fast-json-stringify. */
function compileJson(schema: JsonSchema): (data: unknown) => string {
  try {
    const shape = compileShaper(schema);
    return (data) => JSON.stringify(shape(data));
  } catch (err) {
    if (!(err instanceof Unsupported)) throw err;
    return fastJsonStringify(schema as unknown as Schema) as (data: unknown) => string;
  }
}

/**
 * The JSON writer of a zod schema outside a route (a streamed answer's batches,
 * json-array-stream.ts): its JSON schema's shaper, else fast-json-stringify.
 */
export function compileZodJson(schema: z.ZodType): (data: unknown) => string {
  return compileJson(
    simplify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' })) as JsonSchema,
  );
}

/**
 * A response serializer compiled once per route from its zod schema (JSON schema, then a shaper
 * or fast-json-stringify): it writes the declared fields without building a validated copy of
 * every row, which is what the big lists spend most of their time on (a board of 5,000
 * applications). Falls back to the zod serializer when the schema has no JSON form.
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
        compileJson({ ...branches.find((b) => b.type === type)!, ...defs });
      const list = compile('array');
      const page = compile('object');
      return (data: unknown) => (Array.isArray(data) ? list(data) : page(data as object));
    }
    return compileJson(json);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};
