import type { Migration } from '../columns.ts';
import { createCompanyTreatTriggers, fillCompanyTreatCounters } from '../company-treat-counters.ts';

/**
 * Speed at scale (issue 11): the company's applications to treat and its offers with some, kept
 * in `company_counters` by triggers (company-treat-counters.ts), so that the treatment list's
 * total and the dashboard's alert counts read one row instead of every offer's counter (20,000
 * offers: 1.3 ms for each sum or count, growing with the company).
 */
export const companyTreatCounters: Migration = {
  name: '0036_company_treat_counters',
  async up(db, dialect) {
    for (const column of ['to_treat', 'open_offers_to_treat'])
      await db.schema
        .alterTable('company_counters')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    await fillCompanyTreatCounters(db, dialect);
    await createCompanyTreatTriggers(db, dialect);
  },
};
