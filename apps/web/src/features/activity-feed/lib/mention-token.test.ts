import { describe, expect, it } from 'vitest';
import { insertMention, mentionTokenAt } from './mention-token.ts';

describe('mentionTokenAt', () => {
  it('finds the @word under the caret', () => {
    expect(mentionTokenAt('Hello @mar', 10)).toEqual({ start: 6, end: 10, query: 'mar' });
    expect(mentionTokenAt('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionTokenAt('Hi @Marie Du', 12)?.query).toBe('Marie Du');
  });

  it('ignores e-mail addresses, other lines and a blank right after @', () => {
    expect(mentionTokenAt('mail me@example.com', 19)).toBeNull();
    expect(mentionTokenAt('@mar\nnext', 9)).toBeNull();
    expect(mentionTokenAt('@ x', 3)).toBeNull();
    expect(mentionTokenAt('@Marie Dupont ', 14)).toBeNull();
    expect(mentionTokenAt('@Marie Dupont peux-tu', 21, ['Marie Dupont'])).toBeNull();
    expect(mentionTokenAt('@Marie Dupont peux-tu', 21)?.query).toBe('Marie Dupont peux-tu');
  });
});

describe('insertMention', () => {
  it('replaces the token by the name and puts the caret after it', () => {
    const token = mentionTokenAt('Hello @mar and', 10)!;
    expect(insertMention('Hello @mar and', token, 'Marie Dupont')).toEqual({ text: 'Hello @Marie Dupont and', caret: 20 });
  });
});
