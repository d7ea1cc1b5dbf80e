import { describe, expect, it } from 'vitest';
import { FeedCache } from '../src/modules/career-site/career-site-feed-cache.ts';

describe('career-site feed cache', () => {
  it('builds a feed once per fingerprint and again when it changes', async () => {
    const cache = new FeedCache();
    let builds = 0;
    const build = (body: string) => async () => {
      builds += 1;
      return body;
    };
    expect(await cache.get('1:indeed', 'a', build('one'))).toBe('one');
    expect(await cache.get('1:indeed', 'a', build('ignored'))).toBe('one');
    expect(builds).toBe(1);
    expect(await cache.get('1:indeed', 'b', build('two'))).toBe('two');
    expect(await cache.get('1:indeed', 'b', build('ignored'))).toBe('two');
    expect(builds).toBe(2);
  });

  it('keeps at most its entries and bytes, the least recently used going first', async () => {
    const cache = new FeedCache(2, 10);
    await cache.get('a', 'x', async () => 'aaaa');
    await cache.get('b', 'x', async () => 'bbbb');
    // a read again: b is now the least recently used.
    await cache.get('a', 'x', async () => 'never');
    await cache.get('c', 'x', async () => 'cccc');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 'x', async () => 'rebuilt')).toBe('aaaa');
    expect(await cache.get('b', 'x', async () => 'rebuilt')).toBe('rebuilt');
    // Over the byte limit: answered, not kept.
    expect(await cache.get('d', 'x', async () => 'd'.repeat(11))).toBe('d'.repeat(11));
    expect(await cache.get('d', 'x', async () => 'again')).toBe('again');
  });
});
