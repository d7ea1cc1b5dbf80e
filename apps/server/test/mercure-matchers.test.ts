import { describe, expect, it } from 'vitest';
import { headerId } from '../src/platform/realtime/header-id.ts';
import { prepareUpdate, serializeEvent } from '../src/platform/realtime/hub-update.ts';
import { addressesReservedNamespace } from '../src/platform/realtime/reserved-topic.ts';
import { readSubscriptionRequest } from '../src/platform/realtime/subscription-request.ts';
import { compileMatcher, InvalidMatcher } from '../src/platform/realtime/topic-matcher.ts';
import { UpdateHistory } from '../src/platform/realtime/update-history.ts';

/** The hub's matchers, publication rules and history, without HTTP (issue 13 part 2). */

const HUB = 'https://ats.example/.well-known/mercure';
const matches = (type: 'exact' | 'template' | 'urlpattern', pattern: string, topic: string) =>
  compileMatcher(type, pattern, HUB).test(topic);

describe('topic matchers', () => {
  it('exact: byte for byte, no normalisation; * matches everything', () => {
    expect(matches('exact', 'v2/user/12', 'v2/user/12')).toBe(true);
    expect(matches('exact', 'v2/user/12', 'v2/user/123')).toBe(false);
    expect(matches('exact', 'https://e.x/A', 'https://e.x/a')).toBe(false);
    expect(matches('exact', '*', 'anything')).toBe(true);
    expect(matches('urlpattern', '*', 'not even a URL')).toBe(true);
  });

  it('classic selectors: the string itself or a URI template (RFC 6570)', () => {
    expect(matches('template', 'v2/user/{id}', 'v2/user/12')).toBe(true);
    expect(matches('template', 'v2/user/{id}', 'v2/user/12/x')).toBe(false);
    expect(matches('template', 'v2/user/{id}', 'v2/company/12')).toBe(false);
    expect(matches('template', 'https://e.x/books/{id}', 'https://e.x/books/1')).toBe(true);
    expect(matches('template', 'https://e.x{/path*}', 'https://e.x/a/b')).toBe(true);
    expect(matches('template', 'https://e.x/{+rest}', 'https://e.x/a/b?c=d')).toBe(true);
    expect(matches('template', 'https://e.x/s{?q,lang}', 'https://e.x/s?q=1&lang=fr')).toBe(true);
    // Not a template (a space is no variable name): only itself.
    expect(matches('template', 'a {b}', 'a {b}')).toBe(true);
    expect(matches('template', 'a {b c}', 'a x')).toBe(false);
  });

  it('URL patterns: absolute or relative to the hub, case-sensitive but for the host', () => {
    expect(matches('urlpattern', 'https://e.x/books/:id', 'https://e.x/books/7')).toBe(true);
    expect(matches('urlpattern', 'https://e.x/books/:id', 'https://e.x/books/7/x')).toBe(false);
    expect(matches('urlpattern', 'https://e.x/users/42/*', 'https://e.x/users/42/books/1')).toBe(
      true,
    );
    expect(matches('urlpattern', 'https://E.X/a', 'https://e.x/a')).toBe(true);
    expect(matches('urlpattern', 'https://e.x/A', 'https://e.x/a')).toBe(false);
    expect(matches('urlpattern', '/books/:id', '/books/1')).toBe(true);
    expect(matches('urlpattern', '/books/:id', 'https://ats.example/books/1')).toBe(true);
    expect(matches('urlpattern', 'https://e.x/:id', 'v2/user/1')).toBe(false);
  });

  it('refuses custom regular expressions and overlong patterns', () => {
    expect(() => compileMatcher('urlpattern', 'https://e.x/:id(\\d+)', HUB)).toThrow(
      InvalidMatcher,
    );
    expect(() => compileMatcher('urlpattern', 'https://e.x/((', HUB)).toThrow(InvalidMatcher);
    expect(() => compileMatcher('exact', 'x'.repeat(5000), HUB)).toThrow(InvalidMatcher);
  });

  it('matches crafted patterns in linear time (no catastrophic backtracking)', () => {
    const topic = `https://e.x/${'a'.repeat(2000)}`;
    const started = performance.now();
    expect(matches('urlpattern', 'https://e.x/:a:b:c:d:e:f:g:h:i:j/z', topic)).toBe(false);
    expect(matches('urlpattern', 'https://e.x/*a*a*a*a*a*a*a*b', topic)).toBe(false);
    expect(matches('template', 'https://e.x/{a}{b}{c}{d}{e}{f}{g}{h}z', topic)).toBe(false);
    // Backtracking engines take hours on these; linear ones a few milliseconds each.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('publication rules', () => {
  const update = (fields: Record<string, unknown>) => () =>
    prepareUpdate({ topics: ['https://e.x/1'], data: '', ...fields });

  it('refuses the reserved namespace however it is spelt, and the * topic', () => {
    for (const topic of [
      '/.well-known/mercure',
      '/.well-known/mercure/subscriptions/exact/x/y',
      'https://other.example/.well-known/mercure/x',
      '/.well-known/%6Dercure/x',
      '/.well-known/mercure/../mercure/x',
    ])
      expect(addressesReservedNamespace(topic), topic).toBe(true);
    for (const topic of ['v2/user/1', 'https://e.x/.well-known/mercurey', 'urn:x'])
      expect(addressesReservedNamespace(topic), topic).toBe(false);
    expect(update({ topics: ['/.well-known/mercure/x'] })).toThrow(/reserved/);
    expect(update({ topics: ['*'] })).toThrow(/reserved/);
  });

  it('refuses control and format characters, reserved ids and the mercure type', () => {
    expect(update({ topics: ['a\nb'] })).toThrow(/topic/);
    expect(update({ topics: ['a\u200bb'] })).toThrow(/topic/);
    expect(update({ id: '#1' })).toThrow(/id/);
    expect(update({ id: 'earliest' })).toThrow(/id/);
    expect(update({ id: 'a\rb' })).toThrow(/id/);
    expect(update({ type: 'mercure' })).toThrow(/reserved/);
    expect(update({ type: 'a\nid: forged' })).toThrow(/type/);
    expect(update({ data: 'half \ud800' })).toThrow(/data/);
  });

  it('generates urn:uuid ids and splits data into one field per line', () => {
    const u = prepareUpdate({
      topics: ['t'],
      data: 'one\r\ntwo\rthree\nid: forged',
      type: 'x',
      retry: 5,
    });
    expect(u.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(serializeEvent(u)).toBe(
      `event: x\nretry: 5\nid: ${u.id}\ndata: one\ndata: two\ndata: three\ndata: id: forged\n\n`,
    );
  });
});

describe('update history', () => {
  const u = (id: string) => prepareUpdate({ id, topics: ['t'], data: id });

  it('replays after an id, from the earliest, and keeps only the last updates', () => {
    const history = new UpdateHistory(3);
    expect(history.lastEventId).toBe('earliest');
    for (const id of ['a', 'b', 'c', 'd']) history.push(u(id));
    expect(history.lastEventId).toBe('d');
    expect(history.after('b').updates.map((x) => x.id)).toEqual(['c', 'd']);
    expect(history.after('b').lastEventId).toBe('b');
    expect(history.after('earliest').updates.map((x) => x.id)).toEqual(['b', 'c', 'd']);
    // Discarded or unknown: nothing replayed, and the cursor says so.
    expect(history.after('a')).toEqual({ updates: [], lastEventId: 'earliest' });
  });

  it('resolves a reused id to its earliest occurrence', () => {
    const history = new UpdateHistory(10);
    for (const id of ['x', 'y', 'x', 'z']) history.push(u(id));
    expect(history.after('x').updates.map((x) => x.data)).toEqual(['y', 'x', 'z']);
  });
});

describe('non-ASCII event ids', () => {
  it('go out percent-encoded in headers and match in every form a client sends back', () => {
    const history = new UpdateHistory(10);
    history.push(prepareUpdate({ id: 'urn:x:é日', topics: ['t'], data: '1' }));
    history.push(prepareUpdate({ id: 'urn:x:2', topics: ['t'], data: '2' }));
    expect(headerId('urn:x:é日')).toBe('urn:x:%C3%A9%E6%97%A5');
    for (const sent of [
      'urn:x:é日',
      'urn:x:%C3%A9%E6%97%A5',
      Buffer.from('urn:x:é日').toString('latin1'),
    ])
      expect(history.after(sent)).toMatchObject({
        lastEventId: 'urn:x:é日',
        updates: [{ data: '2' }],
      });
  });
});

describe('subscription parameters', () => {
  it('takes only its own parameter names: constructor or toString is no topic matcher', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const query = new URLSearchParams([[name, 'x']]);
      expect(() =>
        readSubscriptionRequest(query, {}, 'https://hub.test/.well-known/mercure'),
      ).toThrow(/Missing "topic"/);
    }
    const { matchers } = readSubscriptionRequest(
      new URLSearchParams([
        ['topic', 'https://hub.test/a'],
        ['constructor', 'x'],
      ]),
      {},
      'https://hub.test/.well-known/mercure',
    );
    expect(matchers).toHaveLength(1);
  });
});
