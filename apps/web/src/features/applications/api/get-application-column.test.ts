import { describe, expect, it } from 'vitest';
import { nextColumnPage } from './get-application-column.ts';

const page = (current_page: number, last_page: number, next_cursor?: string | null) => ({ data: [], current_page, last_page, per_page: 50, total: 120, next_cursor });

describe('a board column’s next page', () => {
  it('starts after the cursor the server gave, the page number only echoed', () => {
    expect(nextColumnPage(page(1, 3, 'abc'))).toEqual({ page: 2, cursor: 'abc' });
  });
  it('stops when the server says the column is read (a null cursor), whatever the page numbers say', () => {
    expect(nextColumnPage(page(2, 3, null))).toBeUndefined();
  });
  it('goes by page number with a server that gives no cursor', () => {
    expect(nextColumnPage(page(1, 3))).toEqual({ page: 2, cursor: null });
    expect(nextColumnPage(page(3, 3))).toBeUndefined();
  });
});
