import { describe, expect, it } from 'vitest';
import { idDifference } from '../src/platform/db/id-difference.ts';
import { nameTakenAmong } from '../src/platform/db/unique-name.ts';

describe('idDifference', () => {
  it('answers the ids added and removed, in their lists’ order', () => {
    expect(idDifference([1, 2, 3], [3, 4, 1, 5])).toEqual({ added: [4, 5], removed: [2] });
    expect(idDifference([], [2, 1])).toEqual({ added: [2, 1], removed: [] });
    expect(idDifference([2, 1], [])).toEqual({ added: [], removed: [2, 1] });
    expect(idDifference([1, 2], [2, 1])).toEqual({ added: [], removed: [] });
  });

  it('counts a repeated id once', () => {
    expect(idDifference([1, 1, 2], [3, 3, 2])).toEqual({ added: [3], removed: [1] });
  });
});

describe('nameTakenAmong', () => {
  const rows = [
    { id: 1, name: 'Équipe Nord' },
    { id: 2, name: 'Sud' },
  ];
  it('ignores case, accented capitals too, and the row being renamed', () => {
    expect(nameTakenAmong(rows, 'ÉQUIPE NORD')).toBe(true);
    expect(nameTakenAmong(rows, 'équipe nord', 1)).toBe(false);
    expect(nameTakenAmong(rows, 'sud', 1)).toBe(true);
    expect(nameTakenAmong(rows, 'Equipe Nord')).toBe(false);
  });
});
