import { Readable } from 'node:stream';
import type { Language } from '@embauche/contracts/constants';
import type {
  OfferExportFileFormat,
  TOfferExportJob,
  TOfferExportList,
  TOfferExportRequest,
} from '@embauche/contracts/company-settings';
import type { OfferExportColumn } from '@embauche/contracts/export-labels';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/http/http-error.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { CompanySettingsRepository, ExportRow } from './company-settings.repository.ts';

export const OFFER_EXPORT_JOB = 'company-settings.offer-export';
export const OFFER_EXPORT_ATTEMPTS = 3;
const ATTEMPTS = OFFER_EXPORT_ATTEMPTS;
const LATEST = 20;

export type OfferExportJobPayload = { export_id: number; company_id: number; user_id: number };

/** What writes the file: the offers module's export (modules/offers/offer-export.service.ts). */
export type CompanyOfferExporter = {
  companyFile(
    auth: AuthContext,
    format: OfferExportFileFormat,
    columns: readonly OfferExportColumn[],
    lang: Language,
    timeZone: string,
    onBatch?: (written: number) => Promise<void>,
  ): Promise<{
    filename: string;
    contentType: string;
    stream: NodeJS.ReadableStream;
    total: number;
  }>;
};

const fileKey = (companyId: number, id: number) => `offer-exports/${companyId}/${id}`;

/**
 * The config export screen (`joboffers/export`): on-demand exports of every offer of the company,
 * written by a background job that reports its progress, then stored for download.
 */
export class OfferExportJobsService {
  constructor(
    private readonly repo: CompanySettingsRepository,
    private readonly storage: FileStorage,
    private readonly audit: Pick<AuditTrail, 'record'>,
    /** Resolved when a job runs: the offers module registers after this one. */
    private readonly exporter: () => CompanyOfferExporter,
    private readonly timeZone: (companyId: number) => Promise<string>,
    /** The e-mails a finished export sends (a scheduled one's recipients), queued with its end. */
    private readonly mailsOnDone: (
      companyId: number,
      exportId: number,
      filename: string,
    ) => Promise<MailMessage[]> = async () => [],
  ) {}

  private toJob(row: ExportRow): TOfferExportJob {
    return {
      id: row.id,
      format: row.format as TOfferExportJob['format'],
      columns: JSON.parse(row.columns) as TOfferExportJob['columns'],
      language: row.language as TOfferExportJob['language'],
      status: row.status as TOfferExportJob['status'],
      progress: row.progress,
      total: row.total,
      filename: row.filename,
      download_url:
        row.status === 'done' ? `/api/config/joboffers/export/${row.id}/download` : null,
      created_at: row.created_at,
      finished_at: row.finished_at,
    };
  }

  async start(auth: AuthContext, input: TOfferExportRequest): Promise<TOfferExportJob> {
    const id = await this.repo.insertExport(
      {
        company_id: auth.companyId,
        user_id: auth.userId,
        format: input.format,
        columns: JSON.stringify(input.columns),
        language: input.language,
        created_at: nowIso(),
      },
      {
        type: OFFER_EXPORT_JOB,
        payload: (exportId): OfferExportJobPayload => ({
          export_id: exportId,
          company_id: auth.companyId,
          user_id: auth.userId,
        }),
        maxAttempts: ATTEMPTS,
      },
    );
    await this.audit.record(auth, 'export.offers', null, {
      format: input.format,
      columns: input.columns,
      background: true,
    });
    return this.get(auth, id);
  }

  async get(auth: AuthContext, id: number): Promise<TOfferExportJob> {
    const row = await this.repo.findExport(auth.companyId, id);
    if (!row) throw notFound('Export');
    return this.toJob(row);
  }

  async latest(auth: AuthContext): Promise<TOfferExportList> {
    return {
      data: (await this.repo.latestExports(auth.companyId, LATEST)).map((r) => this.toJob(r)),
    };
  }

  async download(
    auth: AuthContext,
    id: number,
  ): Promise<{ data: Readable; size: number; filename: string; format: string }> {
    const row = await this.repo.findExport(auth.companyId, id);
    if (!row) throw notFound('Export');
    if (row.status !== 'done' || !row.file_key) {
      throw conflict('The export is not finished.', 'export_not_ready');
    }
    const found = await this.storage.getStream(row.file_key);
    if (!found) throw notFound('Export');
    return {
      data: found.stream,
      size: found.size,
      filename: row.filename ?? `export.${row.format}`,
      format: row.format,
    };
  }

  /**
   * The job: idempotent (a finished export is left alone; a retried one starts its file again).
   * It reads as the user who asked, seeing every project of the company (the export is of the
   * company's offers, which `config.export_job_offers` grants).
   */
  async run(payload: OfferExportJobPayload, job: { attempt: number }): Promise<void> {
    const { export_id: id, company_id: companyId } = payload;
    const row = await this.repo.findExport(companyId, id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await this.repo.updateExport(companyId, id, { status: 'running', progress: 0 });
    const auth: AuthContext = {
      sessionId: '',
      userId: payload.user_id,
      companyId,
      roleId: null,
      superAdmin: false,
      partnerAdmin: false,
      permissions: new Set(['project.see_all']),
    };
    try {
      const file = await this.exporter().companyFile(
        auth,
        row.format as OfferExportFileFormat,
        JSON.parse(row.columns) as OfferExportColumn[],
        row.language as Language,
        await this.timeZone(companyId),
        (written) => this.repo.updateExport(companyId, id, { progress: written }),
      );
      await this.repo.updateExport(companyId, id, { total: file.total });
      // Written to the storage as it is made: a large export is never one buffer.
      await this.storage.putStream(
        fileKey(companyId, id),
        Readable.from(file.stream, { objectMode: false }),
      );
      await this.repo.finishExport(
        companyId,
        id,
        {
          status: 'done',
          progress: file.total,
          file_key: fileKey(companyId, id),
          filename: file.filename,
          finished_at: nowIso(),
          error: null,
        },
        await this.mailsOnDone(companyId, id, file.filename),
      );
    } catch (err) {
      const last = job.attempt >= ATTEMPTS;
      await this.repo.updateExport(companyId, id, {
        status: last ? 'failed' : 'queued',
        error: err instanceof Error ? err.message.slice(0, 2000) : String(err),
        ...(last ? { finished_at: nowIso() } : {}),
      });
      throw err;
    }
  }
}
