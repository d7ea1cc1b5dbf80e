import { describe, expect, it } from 'vitest';
import { MAX_ID, ZId, ZIdParam } from './ids.ts';
import { ZPageQuery } from './paging.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('ids', () => {
  it('accept 1 to 2^31 − 1, as numbers in bodies and as text in paths', () => {
    expect(ZId.parse(1)).toBe(1);
    expect(ZId.parse(MAX_ID)).toBe(2_147_483_647);
    expect(ZIdParam.parse('42')).toBe(42);
  });
  it('refuse what no integer column holds with `invalid`', () => {
    for (const bad of [0, -1, 1.5, 2 ** 31, 1e20, 2 ** 53 + 1])
      expect(messages(ZId.safeParse(bad))).toEqual(['invalid']);
    for (const bad of ['2147483648', '99999999999999999999', '-1', '0', 'abc'])
      expect(ZIdParam.safeParse(bad).success).toBe(false);
    // A body id is a number, never text; a missing one keeps zod's "received undefined".
    expect(ZId.safeParse('12').success).toBe(false);
    expect(messages(ZId.safeParse(undefined))[0]).toContain('received undefined');
  });
});

describe('page query', () => {
  it('bounds the page and its size with a code the web translates', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(messages(ZPageQuery.safeParse({ page: '99999999999999999999' }))).toEqual([
      'max_value:100000',
    ]);
    expect(messages(ZPageQuery.safeParse({ page: '0' }))).toEqual(['min_value:1']);
    expect(messages(ZPageQuery.safeParse({ per_page: '101' }))).toEqual(['max_value:100']);
  });
});
