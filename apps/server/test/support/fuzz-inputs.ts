/**
 * Bad inputs for the fuzz test, derived from a route's zod schemas: which fields a body has and
 * of what kind, and values of the wrong type, out of range, too long or odd in unicode.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same requests, run after run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
export type Prng = ReturnType<typeof prng>;

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  getter?: () => unknown;
  valueType?: unknown;
};
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

export type Kind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

/** A schema node reduced to what the fuzzer needs: its kinds, its fields, its element. */
export type Node = { kinds: Set<Kind>; shape: Record<string, Node>; element?: Node };

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

/** Reads a zod 4 schema (through optional, default, pipe, union, lazy…) into a Node. */
export function describeSchema(schema: unknown, depth = 0): Node {
  const node: Node = { kinds: new Set(), shape: {} };
  const def = defOf(schema);
  if (!def || depth > 8) {
    node.kinds.add('other');
    return node;
  }
  const merge = (other: Node) => {
    other.kinds.forEach((k) => node.kinds.add(k));
    Object.assign(node.shape, other.shape);
    node.element ??= other.element;
  };
  if (WRAPPERS.has(def.type)) merge(describeSchema(def.innerType, depth + 1));
  else if (def.type === 'pipe') {
    // z.preprocess is pipe(transform, schema); .transform() is pipe(schema, transform).
    const side = defOf(def.in)?.type === 'transform' ? def.out : def.in;
    merge(describeSchema(side, depth + 1));
  } else if (def.type === 'union') def.options?.forEach((o) => merge(describeSchema(o, depth + 1)));
  else if (def.type === 'intersection') {
    merge(describeSchema(def.left, depth + 1));
    merge(describeSchema(def.right, depth + 1));
  } else if (def.type === 'lazy' && def.getter) merge(describeSchema(def.getter(), depth + 1));
  else if (def.type === 'object') {
    node.kinds.add('object');
    for (const [key, value] of Object.entries(def.shape ?? {}))
      node.shape[key] = describeSchema(value, depth + 1);
  } else if (def.type === 'array') {
    node.kinds.add('array');
    node.element = describeSchema(def.element, depth + 1);
  } else if (def.type === 'string') node.kinds.add('string');
  else if (def.type === 'number' || def.type === 'int' || def.type === 'bigint')
    node.kinds.add('number');
  else if (def.type === 'boolean') node.kinds.add('boolean');
  else if (def.type === 'enum' || def.type === 'literal') node.kinds.add('enum');
  else node.kinds.add('other');
  return node;
}

/** Every field path of a node (objects and array elements, a few levels deep), with its node. */
export function fieldPaths(node: Node, prefix: string[] = [], depth = 0): [string[], Node][] {
  if (depth > 4) return [];
  const found: [string[], Node][] = [];
  for (const [key, child] of Object.entries(node.shape)) {
    found.push([[...prefix, key], child]);
    found.push(...fieldPaths(child, [...prefix, key], depth + 1));
  }
  if (node.element) {
    found.push([[...prefix, '0'], node.element]);
    found.push(...fieldPaths(node.element, [...prefix, '0'], depth + 1));
  }
  return found;
}

const LONG = 'x'.repeat(10_240);

/** Numbers out of any range, and text that is not quite a number. */
export const NUMBER_BAD: readonly unknown[] = [
  1e20,
  -1,
  0,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  1.5,
  Number.MAX_VALUE,
  'NaN',
  'Infinity',
  '1e20',
  '99999999999999999999',
  '0x10',
  ' 7 ',
];

/** Text that is long, empty, or odd in unicode (NUL, lone surrogates, RTL marks, emoji, combining). */
export const STRING_BAD: readonly unknown[] = [
  LONG,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u200fgnp.exe',
  '🧑‍💻🇫🇷👍🏽',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  '\ufeffBOM',
  'ＡＢＣ１２３',
  "'; drop table users; --",
  '%00%ff',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '2025-02-30',
  '9999-99-99,0000-00-00',
  'a@b',
  `${'a'.repeat(300)}@exemple.fr`,
];

/** Values of the wrong shape for any field. */
export const TYPE_BAD: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2, 3],
  ['a', 'b'],
  { id: 1 },
  12,
  'text',
  Array.from({ length: 10_001 }, (_, i) => i + 1),
  [[[[[[[[[[1]]]]]]]]]],
  [null],
  [1e20],
  ['\u0000'],
];

/** Values every field gets, by kind: the edges most likely to reach the database unchecked. */
export function edgeValues(node: Node): unknown[] {
  const values: unknown[] = [null, { nested: 1 }];
  if (node.kinds.has('number')) values.push(2 ** 31, 1e20, -1, '12');
  if (node.kinds.has('string') || node.kinds.has('enum'))
    values.push(LONG, 'a\u0000b', '\ud800', '🧑‍💻\u202e', 12);
  if (node.kinds.has('array')) values.push(TYPE_BAD[10], 'scalar', [null], [2 ** 31]);
  if (node.kinds.has('object')) values.push([{}], 'text');
  if (node.kinds.has('boolean')) values.push('true', 2);
  return values;
}

/** A bad value for a field of this node: mostly of its own kind (out of range), else any type. */
export function badValue(rng: Prng, node: Node): unknown {
  const own: unknown[] = [];
  if (node.kinds.has('number')) own.push(...NUMBER_BAD);
  if (node.kinds.has('string') || node.kinds.has('enum')) own.push(...STRING_BAD);
  if (node.kinds.has('array')) own.push(...TYPE_BAD.filter(Array.isArray));
  return own.length && rng.next() < 0.65
    ? rng.pick(own)
    : rng.pick([...TYPE_BAD, ...NUMBER_BAD, ...STRING_BAD]);
}

/** A deep copy of `value` with `path` set to `bad` (objects and arrays made on the way). */
export function withField(value: unknown, path: string[], bad: unknown): unknown {
  const root: unknown = structuredClone(value ?? {});
  let holder = (typeof root === 'object' && root !== null ? root : {}) as Record<string, unknown>;
  const top = holder;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      holder[key] = bad;
      return;
    }
    const next = holder[key];
    if (typeof next !== 'object' || next === null)
      holder[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    holder = holder[key] as Record<string, unknown>;
  });
  return top;
}

/** Percent-encodes a value for a URL (lone surrogates become U+FFFD, as a browser sends them). */
export function urlEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Path parameter values, already URL-encoded: huge and negative ids, not numbers, bad UTF-8. */
export const PARAM_BAD: readonly string[] = [
  '99999999999999999999',
  '-1',
  '0',
  '2147483648',
  '2147483647',
  '9007199254740993',
  'NaN',
  '1e3',
  '1.5',
  '0x10',
  'null',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%A7%91%E2%80%8D%F0%9F%92%BB',
  '%E2%80%AE%E2%80%8F',
  'e%CC%81%CC%82',
  'x'.repeat(99),
  'x'.repeat(2000),
  '%252F',
];

/** Query values as raw strings (encoded with urlEncode) or already encoded (`raw`). */
export const QUERY_BAD: readonly (string | { raw: string })[] = [
  '99999999999999999999',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  'NaN',
  '1e400',
  '',
  LONG,
  '\u0000',
  'a\u0000b',
  '🧑‍💻',
  '\u202e\u200f',
  'e\u0301\u0301',
  ',,,',
  '1,2,99999999999999999999',
  '-created_at',
  'password_hash',
  '2025-13-45,2025-00-00',
  '0000-01-01,9999-12-31',
  { raw: '%ED%A0%80' },
  { raw: '%FF' },
  { raw: '%' },
];

/** Query keys every list route may read, besides its own schema's. */
export const LIST_KEYS: readonly string[] = [
  'page',
  'per_page',
  'sort',
  'order',
  'search',
  'q',
  'lang',
  'regenerate',
  'exclude',
  'exclude[]',
  'format',
  'mode',
  'scope',
  'limit',
  'offer_id',
  'subsidiary_id',
  'filter',
  'filter[]',
  'filter[status]',
  'filter[archived]',
  'filter[alert]',
  'filter[created_at]',
  'filter[updated_at]',
  'filter[closed_at]',
  'filter[q]',
  'filter[jobboard]',
  'filter[project_id]',
  'filter[contract_type]',
  'filter[subsidiaries]',
  'filter[departments]',
  'filter[search]',
  'filter[scope_range]',
  'filter[statuses]',
  'filter[motifs]',
  'filter[job_boards]',
  'filter[tests]',
  'filter[offers]',
  'filter[works]',
  'filter[jobboards]',
  'filter[offer_status]',
  'filter[created_at_start]',
  'filter[created_at_end]',
  'statuses',
  'offers',
  'works',
  'scope_range',
  'subsidiaries',
  'tests',
  'jobboards',
  '__proto__',
  'constructor',
  '__proto__[polluted]',
];

/** JSON bodies that are not JSON, or not the expected shape at the top. */
export function malformedJsonBodies(sample: unknown): string[] {
  const bodies = [
    '{',
    '{"a":',
    '[1,,2]',
    'nul',
    "{'a':1}",
    '\u0000',
    '"\u0000"',
    'null',
    '[]',
    '"text"',
    '12',
    'true',
    '1e999',
    '[1e20]',
    '['.repeat(50_000) + ']'.repeat(50_000),
    `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
    JSON.stringify({ zz_unknown: LONG }),
  ];
  if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
    const text = JSON.stringify(sample);
    bodies.push(
      text.replace(
        /^\{/,
        '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"zz_unknown":[1],',
      ),
      `[${text}]`,
      `{"x":${text}}`,
    );
  }
  return bodies;
}

export type RawBody = { name: string; payload: Buffer | string; headers: Record<string, string> };

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Malformed multipart bodies: no boundary, cut short, wrong boundary, huge or odd fields. */
export function malformedMultipartBodies(): RawBody[] {
  const b = 'fuzzBoundary0123';
  const type = (boundary?: string) => ({
    'content-type': boundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data',
  });
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, data: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${data}\r\n`;
  const whole = `${field('firstname', 'Zoé')}${field('lastname', 'Fuzz')}${file('cv', 'cv.png', 'PNGDATA')}--${b}--\r\n`;
  return [
    { name: 'no boundary', payload: whole, headers: type() },
    { name: 'empty boundary', payload: whole, headers: type('""') },
    { name: 'cut short', payload: whole.slice(0, Math.floor(whole.length / 2)), headers: type(b) },
    {
      name: 'cut in a header',
      payload: `--${b}\r\nContent-Disposition: form-da`,
      headers: type(b),
    },
    { name: 'wrong boundary', payload: whole, headers: type('anotherBoundary') },
    { name: 'empty body', payload: '', headers: type(b) },
    { name: 'no closing boundary', payload: field('firstname', 'Zoé'), headers: type(b) },
    {
      name: 'malformed part header',
      payload: `--${b}\r\nContent-Disposition garbage\r\nX\r\n\r\nvalue\r\n--${b}--\r\n`,
      headers: type(b),
    },
    {
      name: 'huge field',
      payload: `${field('firstname', 'y'.repeat(2 * 1024 * 1024))}--${b}--\r\n`,
      headers: type(b),
    },
    {
      name: 'NUL, surrogates and prototype names',
      payload: `${field('firstname', 'a\u0000b')}${field('lastname', '\ud800')}${field('__proto__', 'x')}${field('constructor', 'x')}${field('tags[]', '\u0000')}--${b}--\r\n`,
      headers: type(b),
    },
    {
      // Real PNG bytes, so that the names reach the database.
      name: 'odd file names',
      payload: Buffer.concat([
        Buffer.from(`${field('firstname', 'Zoé')}${field('lastname', 'Fuzz')}`),
        Buffer.from(file('cv', 'a\u0000b\u202e.png', '')),
        PNG_BYTES,
        Buffer.from(`\r\n${file('document_3', `${'n'.repeat(5000)}.png`, '')}`),
        PNG_BYTES,
        Buffer.from(`\r\n${file('img_src', '..\\..\\/etc/x.png', '')}`),
        PNG_BYTES,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]),
      headers: type(b),
    },
    {
      name: 'huge ids in field names and fields',
      payload: Buffer.concat([
        Buffer.from(`${field('document_type_id', '2147483648')}${file('file', 'a.png', '')}`),
        PNG_BYTES,
        Buffer.from(`\r\n${file('document_99999999999999999999', 'b.png', '')}`),
        PNG_BYTES,
        Buffer.from(`\r\n${file('document_2147483648', 'c.png', '')}`),
        PNG_BYTES,
        Buffer.from(`\r\n${field('job_offer_id', '2147483648')}${field('status_id', '1e20')}`),
        Buffer.from(`--${b}--\r\n`),
      ]),
      headers: type(b),
    },
    {
      name: 'many parts',
      payload: `${Array.from({ length: 1200 }, (_, i) => field(`f${i}`, 'v')).join('')}--${b}--\r\n`,
      headers: type(b),
    },
    {
      name: 'JSON-typed field that is not JSON',
      payload: `--${b}\r\nContent-Disposition: form-data; name="source"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--${b}--\r\n`,
      headers: type(b),
    },
  ];
}
