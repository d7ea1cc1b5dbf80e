import { describe, expect, it } from 'vitest';
import { splitHighlight } from './split-highlight.ts';

describe('splitHighlight', () => {
  it('cuts the text at the matches', () => {
    expect(splitHighlight({ text: 'Java et React au quotidien', matches: [[0, 4], [8, 13]] })).toEqual([
      { text: 'Java', match: true },
      { text: ' et ', match: false },
      { text: 'React', match: true },
      { text: ' au quotidien', match: false },
    ]);
  });

  it('sorts, merges overlapping ranges and ignores ranges outside the text', () => {
    expect(splitHighlight({ text: 'abcdef', matches: [[3, 5], [1, 4], [9, 12], [2, 2]] })).toEqual([
      { text: 'a', match: false },
      { text: 'bcd', match: true },
      { text: 'e', match: true },
      { text: 'f', match: false },
    ]);
  });

  it('keeps markup as text', () => {
    expect(splitHighlight({ text: '<b>x</b>', matches: [] })).toEqual([{ text: '<b>x</b>', match: false }]);
  });
});
