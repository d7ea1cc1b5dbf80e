import { describe, expect, it } from 'vitest';
import { sourcingSelectionFilters } from './selection-filters.ts';

describe('sourcingSelectionFilters', () => {
  it('names the search by its words and filters, as the search route reads them', () => {
    expect(
      sourcingSelectionFilters({
        q: ' soudeur ',
        sort: 'date_asc',
        page: 3,
        filter: { tags: ['tig', 'mig'], source: null, job_board: [], last_status: ['2'], applied: ',2026-01-31', has_cv: '1' },
      }),
    ).toEqual({ q: 'soudeur', 'filter[tags]': 'tig,mig', 'filter[last_status]': '2', 'filter[applied]': ',2026-01-31', 'filter[has_cv]': '1' });
  });
});
