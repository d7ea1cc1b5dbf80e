import { describe, expect, it } from 'vitest';
import { applicantHref, columnListHref, listHrefAtPage, listPageQueryOptions, parseListContext } from './list-context.ts';

describe('list context of the applicant screen', () => {
  it('reads an offer list with its filters, order and page', () => {
    const context = parseListContext('/projects/10/offer/100?statuses=1,2&order=lastname&search=%20dupont%20&page=3');
    expect(context).toMatchObject({ kind: 'offer', projectId: 10, offerId: 100, page: 3 });
    const options = listPageQueryOptions(context!, 4);
    expect(options.queryKey).toEqual([
      'applications', 'offer', 10, 100, 'list',
      { page: 4, order: 'lastname', filter: { search: 'dupont', scope_range: null, statuses: ['1', '2'], motifs: null, job_boards: null, tests: null } },
    ]);
    expect(listHrefAtPage(context!, 1)).toBe('/projects/10/offer/100?statuses=1%2C2&order=lastname&search=+dupont+');
    expect(listHrefAtPage(context!, 4)).toContain('page=4');
  });

  it('reads a board card\'s column: its status only, pages of COLUMN_PAGE_SIZE (50), in the board\'s order', () => {
    const list = columnListHref('/projects/10/offer/100?view=board&statuses=1&order=lastname', { statusId: 3, page: 2 });
    const context = parseListContext(list);
    expect(context).toMatchObject({ kind: 'offer', column: 3, page: 2 });
    expect(listPageQueryOptions(context!, 2).queryKey).toEqual([
      'applications', 'offer', 10, 100, 'list',
      { page: 2, perPage: 50, order: 'lastname', filter: { search: '', scope_range: null, statuses: ['3'], motifs: null, job_boards: null, tests: null } },
    ]);
    expect(listHrefAtPage(context!, 3)).toBe('/projects/10/offer/100?view=board&statuses=1&order=lastname&column=3&column_page=3');
    // Outside the board, a stray column means nothing.
    expect(parseListContext('/projects/10/offer/100?column=3&page=2')).toMatchObject({ column: null, page: 2 });
  });

  it('reads the treatment list, spontaneous tab without the offer-only filters', () => {
    const context = parseListContext('/treatment?tab=spontaneous&offers=3&sort=lastname');
    expect(context).toMatchObject({ kind: 'treatment', tab: 'spontaneous', page: 1 });
    const [, , kind, params] = listPageQueryOptions(context!, 1).queryKey as [string, string, string, { filters: Record<string, unknown>; sort: string }];
    expect(kind).toBe('spontaneous');
    expect(params.sort).toBe('lastname');
    expect(params.filters).not.toHaveProperty('offers');
  });

  it('ignores anything that is not one of our lists', () => {
    for (const value of [null, '', 'https://evil.example/projects/1/offer/2', '//evil.example/treatment', '/projects/1/offers', '/applicants/3', 'javascript:alert(1)']) {
      expect(parseListContext(value)).toBeNull();
    }
  });

  it('links an applicant with the list it was opened from', () => {
    expect(applicantHref({ applicant_id: 5, id: 50 }, '/treatment?page=2')).toBe('/applicants/5?application=50&list=%2Ftreatment%3Fpage%3D2');
    expect(applicantHref({ applicant_id: 5, id: 50 })).toBe('/applicants/5?application=50');
  });
});
