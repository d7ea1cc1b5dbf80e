import type { Language } from '@embauche/contracts/constants';
import {
  DEFAULT_TIME_ZONE,
  EXPORT_LABELS,
  OFFER_EXPORT_COLUMNS,
  type ExportLabels,
  type OfferExportColumn,
} from '@embauche/contracts/export-labels';
import type { TCustomField, TCustomFieldValue } from '@embauche/contracts/custom-fields';
import type { TOfferListItem } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { localDate } from '../../platform/export/local-date.ts';
import {
  spreadsheetFile,
  type Cell,
  type ExportFileFormat,
  type SpreadsheetFormat,
} from '../../platform/export/spreadsheet.ts';
import { parseListQuery } from '../../platform/http/list-query.ts';
import { parseOfferFilters } from './offer-filters.ts';
import type { OfferFilters, OfferSource } from './offer-list-filters.ts';
import type { OfferContext, OffersService } from './offers.service.ts';

/** A code's words; a code the catalogue does not know (older data) is written as it is. */
function label<K extends string>(words: Record<K, string>, code: K | null): string | null {
  return code === null ? null : ((words as Record<string, string | undefined>)[code] ?? code);
}

/** How cells are written: the reader's words and dates, not the API's codes. */
type Writer = { lang: Language; labels: ExportLabels; timeZone: string };

const CELLS: Record<OfferExportColumn, (o: TOfferListItem, w: Writer) => Cell> = {
  id: (o) => o.id,
  reference: (o) => o.reference,
  job_position: (o) => o.job_position,
  project: (o) => o.project_name,
  status: (o, w) => label(w.labels.offer_status, o.status),
  archived: (o, w) => (o.archived ? w.labels.yes : w.labels.no),
  archived_reason: (o, w) => label(w.labels.archive_reason, o.archived_reason),
  contract_type: (o, w) => label(w.labels.contract_type, o.contract_type),
  location: (o) => o.location,
  department: (o) => o.department,
  remote: (o, w) => label(w.labels.remote, o.remote),
  salary_min: (o) => o.salary_min,
  salary_max: (o) => o.salary_max,
  subsidiary: (o) => o.subsidiary_name,
  closing_date: (o, w) => localDate(o.closing_date, w.lang, w.timeZone),
  published_at: (o, w) => localDate(o.published_at, w.lang, w.timeZone),
  created_by: (o) => (o.created_by ? `${o.created_by.firstname} ${o.created_by.lastname}` : null),
  created_at: (o, w) => localDate(o.created_at, w.lang, w.timeZone),
  updated_at: (o, w) => localDate(o.updated_at, w.lang, w.timeZone),
  total_applications: (o) => o.total_applications,
  total_to_treat: (o) => o.total_to_treat,
};

/** An offer custom field as an export column (after the fixed ones, titled by its label). */
type CustomColumn = Pick<TCustomField, 'id' | 'type' | 'label'>;

/** A custom value for a reader: amounts in euros, days as dd/MM/yyyy, yes/no in words. */
function customCell(field: CustomColumn, value: TCustomFieldValue | undefined, w: Writer): Cell {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? w.labels.yes : w.labels.no;
  if (field.type === 'currency' && typeof value === 'number') return value / 100;
  if (field.type === 'date' && typeof value === 'string')
    return localDate(value, w.lang, w.timeZone);
  return value;
}

export type ExportFile = { filename: string; contentType: string; stream: NodeJS.ReadableStream };

/**
 * Offer exports in CSV or XLSX, streamed batch by batch, written for a reader: column titles and
 * enumerations (status, contract type, remote work, archive reason, yes/no) in the reader's
 * language with the web's own words, dates as local dd/MM/yyyy days in the company's time zone.
 */
export class OfferExportService {
  constructor(
    private readonly offers: OffersService,
    private readonly audit: AuditTrail,
    /** The company's time zone (company settings), in which dates become days. */
    private readonly timeZoneOf: (companyId: number) => Promise<string> = async () =>
      DEFAULT_TIME_ZONE,
  ) {}

  /** `POST /projects/all/offers/export/specific`: the chosen offers among those the user sees. */
  async specific(auth: AuthContext, format: SpreadsheetFormat, ids: number[], lang: Language) {
    const ctx = await this.offers.context(auth);
    await this.audit.record(auth, 'export.offers', null, { format, offers: ids.length });
    const custom = await this.offers.customFields.columns(auth.companyId, 'offer');
    return this.file(
      ctx,
      format,
      lang,
      this.offers.visibility(ctx.scope),
      { window: ctx.window, archived: null },
      ids,
      { custom, timeZone: await this.timeZoneOf(auth.companyId) },
    );
  }

  /**
   * `GET /projects/all/offers/export/all?format&filter[…]`: every offer that passes the filters.
   * With `project` (a project id or a special list such as `favorites`), it is the export of that
   * offer list: the same offers, the same filters and the same defaults as the list, so archived
   * offers only when `filter[archived]` asks for them. Without it (the export screen of spec
   * section 7), archived offers are included unless `filter[archived]` says otherwise.
   * `except`: offers left out — the export of "all N that match" a list (issue 42 part 2) less
   * those the user unticked since; the same offers a batch action on that selection reaches.
   */
  async all(
    auth: AuthContext,
    format: SpreadsheetFormat,
    query: Record<string, unknown>,
    lang: Language,
    project?: TProjectRef,
    except: number[] = [],
  ) {
    const ctx = await this.offers.context(auth);
    const { filters } = parseListQuery(query);
    const parsed = parseOfferFilters(filters, ctx.window, this.offers.expander(ctx.scope));
    if (project === undefined && filters.archived === undefined) parsed.archived = null;
    const custom = await this.offers.customFields.columns(auth.companyId, 'offer');
    parsed.customFields = await this.offers.customFields.filters(auth.companyId, 'offer', filters);
    if (except.length) parsed.exceptIds = except;
    const source =
      project === undefined
        ? this.offers.visibility(ctx.scope)
        : this.offers.source(ctx.scope, project);
    await this.audit.record(auth, 'export.offers', null, {
      format,
      project: project ?? null,
      filters,
    });
    return this.file(ctx, format, lang, source, parsed, undefined, {
      custom,
      timeZone: await this.timeZoneOf(auth.companyId),
    });
  }

  /**
   * The config export screen (modules/company-settings, run as a background job): every offer of
   * the company, archived ones too, with the chosen `columns` (JSON objects keyed by the column
   * codes), dates in the company's time zone. `auth` must see every project (`project.see_all`).
   * `onBatch` hears how many offers were written so far; `total` is known before the first row.
   */
  async companyFile(
    auth: AuthContext,
    format: ExportFileFormat,
    columns: readonly OfferExportColumn[],
    lang: Language,
    timeZone: string,
    onBatch?: (written: number) => Promise<void>,
  ): Promise<ExportFile & { total: number }> {
    const ctx = await this.offers.context(auth, false);
    const source = this.offers.visibility(ctx.scope);
    const filters: OfferFilters = { window: ctx.window, archived: null };
    const { total } = await this.offers.lists.page(
      source,
      filters,
      { field: 'created_at', direction: 'desc' },
      1,
      1,
    );
    const file = this.file(ctx, format, lang, source, filters, undefined, {
      columns,
      timeZone,
      onBatch,
    });
    return { ...file, total };
  }

  private file(
    ctx: OfferContext,
    format: ExportFileFormat,
    lang: Language,
    source: OfferSource,
    filters: OfferFilters,
    ids?: number[],
    options: {
      columns?: readonly OfferExportColumn[];
      timeZone?: string;
      onBatch?: (written: number) => Promise<void>;
      /** Offer custom fields: one more column each. */
      custom?: CustomColumn[];
    } = {},
  ): ExportFile {
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    const columns = options.columns ?? OFFER_EXPORT_COLUMNS;
    const writer: Writer = { lang, labels: EXPORT_LABELS[lang], timeZone };
    const custom = options.custom ?? [];
    const header = [...columns.map((c) => writer.labels.columns[c]), ...custom.map((f) => f.label)];
    const offers = this.offers;
    const companyId = ctx.auth.companyId;
    async function* rows() {
      let written = 0;
      for await (const batch of offers.lists.batches(source, filters, 500, ids)) {
        const values = custom.length
          ? await offers.customFields.valuesOf(
              companyId,
              'offer',
              batch.map((o) => o.id),
              custom,
            )
          : null;
        for (const item of await offers.items(ctx, batch)) {
          const own = values?.get(item.id) ?? {};
          yield [
            ...columns.map((c) => CELLS[c](item, writer)),
            ...custom.map((f) => customCell(f, own[String(f.id)], writer)),
          ];
        }
        written += batch.length;
        await options.onBatch?.(written);
      }
    }
    return spreadsheetFile(format, writer.labels, { lang, timeZone }, header, rows(), [
      ...columns,
      ...custom.map((f) => `custom_field_${f.id}`),
    ]);
  }
}
