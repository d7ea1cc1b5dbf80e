import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@embauche/contracts/constants';
import { EXPORT_LABELS, type OfferExportColumn } from '@embauche/contracts/export-labels';

/** The web's `projects` key each export column title mirrors; the others are the export's own. */
const COLUMN_KEYS: Partial<Record<OfferExportColumn, string>> = {
  reference: 'fields.reference',
  job_position: 'fields.job_position',
  project: 'list.project',
  status: 'list.status',
  archived: 'status.archived',
  archived_reason: 'archive.reason',
  contract_type: 'fields.contract_type',
  location: 'fields.location',
  department: 'fields.department',
  remote: 'fields.remote',
  subsidiary: 'fields.subsidiary',
  closing_date: 'fields.closing_date',
  created_by: 'fields.created_by',
  created_at: 'list.created_at',
  updated_at: 'fields.updated_at',
  total_applications: 'list.applications',
  total_to_treat: 'overview.to_treat',
};

const web = (lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../web/public/i18n/projects/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

const at = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);

describe('export labels', () => {
  it.each(LANGUAGES)('use the words the web shows in %s', (lang) => {
    const tree = web(lang);
    const labels = EXPORT_LABELS[lang];
    for (const [column, key] of Object.entries(COLUMN_KEYS)) {
      expect(labels.columns[column as OfferExportColumn], column).toBe(at(tree, key));
    }
    expect(labels.columns.salary_min).toBe(`${String(at(tree, 'fields.salary_min'))} (€)`);
    expect(labels.columns.salary_max).toBe(`${String(at(tree, 'fields.salary_max'))} (€)`);
    for (const [code, words] of Object.entries(labels.offer_status)) {
      expect(words).toBe(at(tree, `status.${code}`));
    }
    expect(labels.contract_type).toEqual(at(tree, 'contract_types'));
    expect(labels.remote).toEqual(at(tree, 'remote'));
    expect(labels.archive_reason).toEqual(at(tree, 'archive.reasons'));
    // Every column has a distinct title.
    expect(new Set(Object.values(labels.columns)).size).toBe(Object.keys(labels.columns).length);
  });
});
