import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZApplicationList } from '@embauche/contracts/applications';
import {
  compiledSerializer,
  compileShaper,
  simplify,
} from '../src/platform/serialization/compiled-serializer.ts';

const serializerOf = (schema: z.ZodType) =>
  compiledSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

/**
 * The compiled serializer writes what fast-json-stringify writes (the same conversions of loose
 * values: SQLite's 0/1 booleans, dates, numbers as text, nulls) and never a field the schema does
 * not declare.
 */
describe('compiled serializer', () => {
  const Row = z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    score: z.number(),
    active: z.boolean(),
    at: z.string(),
    tags: z.array(z.string()),
    owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    extra: z.number().int().nullable().optional(),
  });
  const Answer = z.union([z.object({ data: z.array(Row), total: z.number().int() }), z.array(Row)]);
  const rows = [
    {
      id: 1,
      name: 'Zoé "la" \\ première\n',
      note: null,
      score: 1.5,
      active: 1,
      at: new Date('2026-01-02T03:04:05.000Z'),
      tags: ['a', 'é'],
      owner: { id: 2, name: 'Ann', password: 'secret' },
      secret: 'never written',
    },
    {
      id: '7',
      name: 12,
      note: 'x',
      score: '2.25',
      active: 0,
      at: '2026-01-02',
      tags: [],
      owner: null,
      extra: 3,
    },
    { id: 3.9, name: null, note: 'y', score: 0, active: true, at: 'z', tags: ['b'], owner: null },
  ];

  it('writes lists and pages as fast-json-stringify does', () => {
    // What the routes used before: fast-json-stringify on the same simplified schema.
    const json = simplify(z.toJSONSchema(Row, { io: 'output', unrepresentable: 'throw' }));
    const reference = fastJsonStringify({ type: 'array', items: json } as unknown as Schema);
    const write = serializerOf(Answer);
    expect(JSON.parse(write(rows))).toEqual(JSON.parse(reference(rows)));
    expect(JSON.parse(write({ data: rows, total: 3 }))).toEqual({
      data: JSON.parse(reference(rows)),
      total: 3,
    });
    expect(write(rows)).not.toContain('secret');
    expect(JSON.parse(write(rows))[1]).toMatchObject({ id: 7, name: '12', active: false });
  });

  it('refuses a row without a required field, as fast-json-stringify does', () => {
    const write = serializerOf(Answer);
    const { name: _name, ...nameless } = rows[0]!;
    expect(() => write([nameless])).toThrow(/"name" is required/);
  });

  it('writes the 5,000 cards of a big offer', () => {
    const item = {
      id: 1,
      application_id: 1,
      applicant_id: 2,
      idApplicant: 2,
      firstname: 'Inès',
      lastname: 'Roux',
      email: null,
      phone: null,
      img_src: null,
      tags: [],
      has_cv: false,
      offer_id: 3,
      project_id: 4,
      job_position: 'Comptable H/F',
      spontaneous: false,
      documents_enabled: true,
      status: { id: 1, name: 'new', default_status: true },
      statutApplicant: 1,
      motif_id: null,
      motif_name: null,
      recruited_at: null,
      idjobboard_provenance: 1,
      jobboard: 'Indeed',
      urlLogoJobBoard: null,
      tests_count: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const list = Array.from({ length: 5000 }, (_, i) => ({ ...item, id: i }));
    const written = JSON.parse(serializerOf(ZApplicationList)(list)) as unknown[];
    expect(written).toHaveLength(5000);
    expect(written[42]).toEqual({ ...item, id: 42 });
    // The custom fields' values (a record of scalars) keep the list on the shaper: a schema it did
    // not handle sent the whole list back to fast-json-stringify, 70 % slower on 5,000 cards.
    const json = simplify(
      z.toJSONSchema(ZApplicationList, { io: 'output', unrepresentable: 'throw' }),
    ) as { anyOf: { type: string }[] };
    expect(() => compileShaper(json.anyOf.find((b) => b.type === 'array')!)).not.toThrow();
    const custom = { '3': 'Senior', '4': ['a', 'b'], '5': 12.5, '6': true, '7': null };
    const withValues = JSON.parse(
      serializerOf(ZApplicationList)([{ ...item, custom_fields: custom, secret: 'x' }]),
    ) as unknown[];
    expect(withValues[0]).toEqual({ ...item, custom_fields: custom });
  });

  it('writes a record of scalars key by key, and nothing undeclared beside it', () => {
    const Schema = z.object({ id: z.number().int(), values: z.record(z.string(), z.string()) });
    const write = serializerOf(z.array(Schema));
    expect(JSON.parse(write([{ id: '1', values: { a: 'x', b: 2 }, other: 1 }]))).toEqual([
      { id: 1, values: { a: 'x', b: '2' } },
    ]);
  });
});
