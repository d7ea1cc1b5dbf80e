import type { Language } from '@embauche/contracts/constants';
import type { TOfferListItem } from '@embauche/contracts/offers';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import {
  CONTENT_TYPES,
  csvStream,
  xlsxStream,
  type Cell,
  type SpreadsheetFormat,
} from '../../platform/export/spreadsheet.ts';
import { parseListQuery } from '../../platform/http/list-query.ts';
import { parseOfferFilters } from './offer-filters.ts';
import type { OfferFilters, OfferSource } from './offer-list.repository.ts';
import type { OfferContext, OffersService } from './offers.service.ts';

type Column = { key: string; fr: string; en: string; value: (o: TOfferListItem) => Cell };

const COLUMNS: Column[] = [
  { key: 'id', fr: 'Identifiant', en: 'Id', value: (o) => o.id },
  { key: 'reference', fr: 'Référence', en: 'Reference', value: (o) => o.reference },
  {
    key: 'job_position',
    fr: 'Intitulé du poste',
    en: 'Job position',
    value: (o) => o.job_position,
  },
  { key: 'project', fr: 'Projet', en: 'Project', value: (o) => o.project_name },
  { key: 'status', fr: 'Statut', en: 'Status', value: (o) => o.status },
  { key: 'archived', fr: 'Archivée', en: 'Archived', value: (o) => (o.archived ? 1 : 0) },
  {
    key: 'archived_reason',
    fr: 'Motif d’archivage',
    en: 'Archive reason',
    value: (o) => o.archived_reason,
  },
  {
    key: 'contract_type',
    fr: 'Type de contrat',
    en: 'Contract type',
    value: (o) => o.contract_type,
  },
  { key: 'location', fr: 'Lieu', en: 'Location', value: (o) => o.location },
  { key: 'department', fr: 'Département', en: 'Department', value: (o) => o.department },
  { key: 'remote', fr: 'Télétravail', en: 'Remote', value: (o) => o.remote },
  { key: 'salary_min', fr: 'Salaire min (€)', en: 'Salary min (€)', value: (o) => o.salary_min },
  { key: 'salary_max', fr: 'Salaire max (€)', en: 'Salary max (€)', value: (o) => o.salary_max },
  { key: 'subsidiary', fr: 'Filiale', en: 'Subsidiary', value: (o) => o.subsidiary_name },
  { key: 'closing_date', fr: 'Date de clôture', en: 'Closing date', value: (o) => o.closing_date },
  { key: 'published_at', fr: 'Publiée le', en: 'Published at', value: (o) => o.published_at },
  {
    key: 'created_by',
    fr: 'Créée par',
    en: 'Created by',
    value: (o) => (o.created_by ? `${o.created_by.firstname} ${o.created_by.lastname}` : null),
  },
  { key: 'created_at', fr: 'Créée le', en: 'Created at', value: (o) => o.created_at },
  { key: 'updated_at', fr: 'Modifiée le', en: 'Updated at', value: (o) => o.updated_at },
  {
    key: 'total_applications',
    fr: 'Candidatures',
    en: 'Applications',
    value: (o) => o.total_applications,
  },
  { key: 'total_to_treat', fr: 'À traiter', en: 'To treat', value: (o) => o.total_to_treat },
];

export type ExportFile = { filename: string; contentType: string; stream: NodeJS.ReadableStream };

/** Offer exports in CSV or XLSX, streamed batch by batch. */
export class OfferExportService {
  constructor(private readonly offers: OffersService) {}

  /** `POST /projects/all/offers/export/specific`: the chosen offers among those the user sees. */
  async specific(auth: AuthContext, format: SpreadsheetFormat, ids: number[], lang: Language) {
    const ctx = await this.offers.context(auth);
    return this.file(
      ctx,
      format,
      lang,
      this.offers.visibility(ctx.scope),
      { window: ctx.window, archived: null },
      ids,
    );
  }

  /** `GET /projects/all/offers/export/all?format&filter[…]`: every offer that passes the filters. */
  async all(
    auth: AuthContext,
    format: SpreadsheetFormat,
    query: Record<string, unknown>,
    lang: Language,
  ) {
    const ctx = await this.offers.context(auth);
    const { filters } = parseListQuery(query);
    const parsed = parseOfferFilters(filters, ctx.window, this.offers.expander(ctx.scope));
    // The export screen lists archived offers too unless it says otherwise.
    if (filters.archived === undefined) parsed.archived = null;
    return this.file(ctx, format, lang, this.offers.visibility(ctx.scope), parsed);
  }

  private file(
    ctx: OfferContext,
    format: SpreadsheetFormat,
    lang: Language,
    source: OfferSource,
    filters: OfferFilters,
    ids?: number[],
  ): ExportFile {
    const header = COLUMNS.map((c) => (lang === 'fr' ? c.fr : c.en));
    const offers = this.offers;
    async function* rows() {
      for await (const batch of offers.lists.batches(source, filters, 500, ids)) {
        for (const item of await offers.items(ctx, batch)) yield COLUMNS.map((c) => c.value(item));
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return {
      filename: `${lang === 'fr' ? 'offres' : 'offers'}-${day}.${format}`,
      contentType: CONTENT_TYPES[format],
      stream:
        format === 'csv'
          ? csvStream(header, rows())
          : xlsxStream(lang === 'fr' ? 'Offres' : 'Offers', header, rows()),
    };
  }
}
