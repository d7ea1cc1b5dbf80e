import { randomUUID } from 'node:crypto';
import {
  CV_BUNDLE_KEEP_DAYS,
  CV_BUNDLE_KIND,
  type TCvBundleOperation,
} from '@embauche/contracts/applicants';
import type { TRecipientSelection } from '@embauche/contracts/application-selection';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import {
  actorOf,
  actorSnapshot,
  operationView,
  progressOf,
  type ActorSnapshot,
  type BulkOperationRow,
  type BulkOperations,
  type BulkProgress,
} from '../../platform/jobs/bulk-operations.ts';
import { isPermanentError, PermanentJobError, type JobWorker } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { SelectedApplicationsService } from '../applications/selected-applications.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { CvBundleFilesRepository } from './cv-bundle-files.repository.ts';
import { CvZipStream, type CvFile } from './cv-bundle.ts';

export const CV_BUNDLE_JOB = 'applicants.cv_bundle';
/** Applications read, and CVs put in the ZIP, per step (the progress is written after each). */
export const CV_BUNDLE_BATCH = 200;
/** The expiry sweep's task (one turn an hour across the workers). */
export const CV_BUNDLE_SWEEP_TASK = 'applicants-cv-bundle-sweep';
export const CV_BUNDLE_SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 200;
/** The job's tries: BulkOperations.start enqueues it with the queue's default (jobs.ts `enqueue`). */
export const CV_BUNDLE_ATTEMPTS = 5;
const DAY_MS = 86_400_000;

type CvBundleParams = {
  selection: TRecipientSelection;
  /** Applicants ticked beside the selection: put in first. */
  ids: number[];
  actor: ActorSnapshot;
};

type Selected = Pick<SelectedApplicationsService, 'resolve' | 'rowsAfter'>;
/** A selection as the applications module resolved it (its filters, company and sight). */
type ResolvedSelection = Awaited<ReturnType<Selected['resolve']>>;
/** Tells the user who asked how their bundle ended (the notifications module's producer). */
type BundleNotices = Pick<NotificationsService, 'cvBundleFinished'>;
type CvSource = {
  cvFiles(auth: AuthContext, ids: number[]): Promise<{ found: CvFile[]; missing: number[] }>;
};

const expired = () =>
  new HttpError(410, 'This file has expired: prepare the CVs again.', 'file_expired');

/**
 * The CVs of "all that match" over CV_BUNDLE_MAX as one ZIP made by a job (issue 42,
 * docs/bulk-actions.md "The CVs of all that match"): the selection walked by application id a
 * batch at a time, each batch's applicants' CVs streamed into ONE ZIP that goes into the storage
 * as it is made (`cv-bundles/{company}/…`), the progress in the `bulk_operations` row, then the
 * file's key, size and expiry there (migration 0067). Its user downloads it until it expires; a
 * sweep deletes it then.
 *
 * Its own loop rather than walkOperation: a ZIP is one stream, so a retried job cannot go on after
 * the cursor into a half-written object; it starts the file and the counters again. And the
 * operation is done only once the file is stored, not after the last batch.
 */
export class CvBundleJobs {
  constructor(
    private readonly operations: BulkOperations,
    private readonly filesRepo: CvBundleFilesRepository,
    private readonly cvs: CvSource,
    private readonly storage: FileStorage,
    /** The applications module's (registered later in app.ts: looked up when used). */
    private readonly selected: () => Selected,
    /** The notifications module's, looked up when a bundle ends; none: nobody is told. */
    private readonly notices: () => BundleNotices | undefined = () => undefined,
  ) {}

  /** Queues the job (202), the selection already counted by the request. */
  async start(
    auth: AuthContext,
    request: { selection: TRecipientSelection; ids: number[]; total: number },
  ): Promise<TCvBundleOperation> {
    const params: CvBundleParams = {
      selection: request.selection,
      ids: request.ids,
      actor: actorSnapshot(auth),
    };
    const { operation } = await this.operations.start(
      auth,
      { kind: CV_BUNDLE_KIND, params, total: request.total },
      CV_BUNDLE_JOB,
      (id) => this.run(auth.companyId, id),
    );
    return this.view(auth, operation.id);
  }

  /** `GET /applicants/bulk-operations/{id}`: the user's own operation with its file, else 404. */
  async view(auth: AuthContext, id: number): Promise<TCvBundleOperation> {
    return bundleView(await this.own(auth, id), new Date());
  }

  /**
   * `GET /applicants/bulk-operations/{id}/file`: the ZIP, streamed from the storage; 404 for
   * anyone but its user, 409 `file_not_ready` while the job runs (or for an operation that makes
   * no file), 410 `file_expired` once expired.
   */
  async download(auth: AuthContext, id: number) {
    const row = await this.own(auth, id);
    const file = bundleView(row, new Date()).file;
    if (file?.status === 'expired') throw expired();
    if (!file || !row.file_key)
      throw new HttpError(409, 'The file is not ready yet.', 'file_not_ready');
    const found = await this.storage.getStream(row.file_key);
    if (!found) throw expired();
    const day = (row.finished_at ?? row.created_at).slice(0, 10);
    return {
      data: found.stream,
      size: found.size,
      mime: 'application/zip',
      filename: `cv-${day}.zip`,
    };
  }

  /** The user's own CV bundle; 404 for anyone else's, and for another kind of operation. */
  private async own(auth: AuthContext, id: number): Promise<BulkOperationRow> {
    const row = await this.operations.get(auth.companyId, id, auth.userId);
    // Its own kind only, as each progress route (BulkOperations.view).
    if (!row || row.kind !== CV_BUNDLE_KIND) throw notFound('Bulk operation');
    return row;
  }

  /** The job: the ticked applicants first, then the selection's, one ZIP. */
  async run(companyId: number, id: number): Promise<void> {
    const row = await this.operations.get(companyId, id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const params = JSON.parse(row.params) as CvBundleParams;
    const auth = actorOf(params.actor);
    const p: BulkProgress = { status: 'running', processed: 0, changed: 0, skipped: {}, cursor: 0 };
    let resolved: ResolvedSelection;
    try {
      resolved = await this.selected().resolve(auth, params.selection);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await this.operations.progress(companyId, id, {
        ...p,
        status: 'failed',
        error: error.message,
      });
      await this.tell(row, 'failed');
      throw new PermanentJobError(error.message);
    }
    // A retry starts again: a file an earlier try stored (before it could say done) is dropped.
    if (row.file_key) {
      await this.filesRepo.forget(companyId, id);
      await this.storage.delete(row.file_key).catch(() => {});
    }
    await this.operations.progress(companyId, id, p);
    const key = `cv-bundles/${companyId}/${randomUUID()}.zip`;
    const zip = new CvZipStream(this.storage, key);
    const seen = new Set<number>();
    const skip = (reason: string, n: number) => {
      if (n) p.skipped[reason] = (p.skipped[reason] ?? 0) + n;
    };
    const put = async (applicantIds: number[]) => {
      const fresh = [...new Set(applicantIds)].filter((a) => !seen.has(a));
      for (const a of fresh) seen.add(a);
      skip('duplicate', applicantIds.length - fresh.length);
      const { found, missing } = await this.cvs.cvFiles(auth, fresh);
      skip('no_cv', missing.length);
      await zip.add(found);
      p.changed += found.length;
      p.processed += applicantIds.length;
    };
    try {
      for (let i = 0; i < params.ids.length; i += CV_BUNDLE_BATCH) {
        await put(params.ids.slice(i, i + CV_BUNDLE_BATCH));
        await this.operations.progress(companyId, id, p);
      }
      for (;;) {
        const rows = await this.selected().rowsAfter(
          companyId,
          resolved,
          p.cursor,
          CV_BUNDLE_BATCH,
        );
        if (!rows.length) break;
        await put(rows.map((r) => r.applicant_id));
        p.cursor = rows[rows.length - 1]!.id;
        await this.operations.progress(companyId, id, p);
        if (rows.length < CV_BUNDLE_BATCH) break;
        // Other requests are answered between two batches (SQLite: one connection).
        await new Promise((resolve) => setImmediate(resolve));
      }
      const { size } = await zip.end();
      const expiresAt = new Date(Date.now() + CV_BUNDLE_KEEP_DAYS * DAY_MS);
      await this.filesRepo.stored(companyId, id, { key, size, expiresAt });
    } catch (error) {
      zip.abort(error as Error);
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    await this.operations.progress(companyId, id, { ...p, status: 'done' });
    // Only now, its file stored and the operation done: the link opens a ZIP ready to download.
    await this.tell(row, 'ready', p.changed);
  }

  /**
   * Tells the operation's user that their bundle is ready (`count`: CVs in it) or failed for good
   * (the applications asked for). A notification never fails the job (the producer logs).
   */
  private async tell(row: BulkOperationRow, status: 'ready' | 'failed', count = row.total) {
    await this.notices()?.cvBundleFinished(row.company_id, row.user_id, {
      operationId: row.id,
      status,
      count,
    });
  }

  /** Deletes the files whose expiry passed (the storage's, then the row's key), any company's. */
  async sweepExpired(now = new Date()): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.filesRepo.expired(now, SWEEP_BATCH);
      for (const row of rows) {
        await this.storage.delete(row.file_key!);
        await this.filesRepo.forget(row.company_id, row.id);
        deleted++;
      }
      if (rows.length < SWEEP_BATCH) return deleted;
    }
  }

  /** The job, and the hourly sweep of expired files. */
  register(worker: Pick<JobWorker, 'register' | 'every'>) {
    worker.register<{ operation_id: number; company_id: number }>(
      CV_BUNDLE_JOB,
      async (payload, job) => {
        try {
          await this.run(payload.company_id, payload.operation_id);
        } catch (error) {
          // The last try failed: the operation says so (its user stops waiting for the file).
          const { company_id: companyId, operation_id: id } = payload;
          const row =
            job.attempt >= CV_BUNDLE_ATTEMPTS && !isPermanentError(error)
              ? await this.operations.get(companyId, id)
              : undefined;
          if (row && row.status !== 'done' && row.status !== 'failed') {
            await this.operations.progress(companyId, id, {
              ...progressOf(row),
              status: 'failed',
              error: error instanceof Error ? error.message : String(error),
            });
            await this.tell(row, 'failed');
          }
          throw error;
        }
      },
    );
    worker.every(CV_BUNDLE_SWEEP_TASK, CV_BUNDLE_SWEEP_EVERY_MS, (now) => this.sweepExpired(now));
  }
}

/** The operation with its file: ready until it expires (even before the sweep ran), then expired. */
export function bundleView(row: BulkOperationRow, now: Date): TCvBundleOperation {
  const expiresAt = row.file_expires_at;
  const gone = expiresAt !== null && (!row.file_key || Date.parse(expiresAt) <= now.getTime());
  return {
    ...operationView(row),
    file:
      expiresAt === null
        ? null
        : {
            status: gone ? 'expired' : 'ready',
            size: gone || row.file_size === null ? null : Number(row.file_size),
            expires_at: expiresAt,
          },
  };
}
