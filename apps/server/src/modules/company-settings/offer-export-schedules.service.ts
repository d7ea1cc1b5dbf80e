import type { Language } from '@embauche/contracts/constants';
import type {
  OfferExportFrequency,
  TOfferExportSchedule,
  TOfferExportScheduleForm,
  TOfferExportSchedulePage,
  TOfferExportRecipients,
} from '@embauche/contracts/offer-export-schedules';
import {
  OFFER_EXPORT_RECIPIENT_CHOICES_MAX,
  OFFER_EXPORT_SCHEDULES_MAX,
} from '@embauche/contracts/offer-export-schedules';
import type { TOfferExportJob } from '@embauche/contracts/company-settings';
import type { Kysely } from 'kysely';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { nextRun } from './next-run.ts';
import { scheduledExportMail } from './offer-export-mail.ts';
import {
  OFFER_EXPORT_ATTEMPTS,
  OFFER_EXPORT_JOB,
  type OfferExportJobPayload,
} from './offer-export-jobs.service.ts';
import type {
  OfferExportSchedulesRepository,
  ScheduleRow,
} from './offer-export-schedules.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';

/** Schedules claimed per tick at most; the next tick takes the rest. */
const TICK_BATCH = 50;

/**
 * Scheduled offer exports (contracts/offer-export-schedules.ts): the schedules' CRUD, the worker's
 * tick that turns a due schedule into an export (once, whatever the number of workers), and the
 * recipients' e-mails once that export is done.
 */
/** A stored schedule's next run after `now`, on the wall clock of `timeZone`, as stored. */
function nextRunOf(row: ScheduleRow, timeZone: string, now: Date): string {
  const rule = { ...row, frequency: row.frequency as OfferExportFrequency };
  return nextRun(rule, timeZone, now).toISOString();
}

export class OfferExportSchedulesService {
  constructor(
    private readonly repo: OfferExportSchedulesRepository,
    private readonly timeZone: (companyId: number) => Promise<string>,
    /** The address of the app in links (`PUBLIC_URL`). */
    private readonly publicUrl: string,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  private async view(row: ScheduleRow, timeZone: string): Promise<TOfferExportSchedule> {
    return {
      id: row.id,
      name: row.name,
      frequency: row.frequency as OfferExportFrequency,
      weekday: row.weekday,
      month_day: row.month_day,
      hour: row.hour,
      format: row.format as TOfferExportSchedule['format'],
      columns: JSON.parse(row.columns) as TOfferExportSchedule['columns'],
      language: row.language as Language,
      recipient_ids: JSON.parse(row.recipient_ids) as number[],
      enabled: Boolean(row.enabled),
      time_zone: timeZone,
      next_run_at: row.next_run_at,
      last_run_at: row.last_run_at,
      last_export:
        row.last_export_id !== null && row.last_status !== null
          ? {
              id: row.last_export_id,
              status: row.last_status as TOfferExportJob['status'],
              download_url:
                row.last_status === 'done'
                  ? `/api/config/joboffers/export/${row.last_export_id}/download`
                  : null,
            }
          : null,
    };
  }

  async list(auth: AuthContext, page: number, perPage: number): Promise<TOfferExportSchedulePage> {
    const [total, rows, timeZone] = await Promise.all([
      this.repo.count(auth.companyId),
      this.repo.page(auth.companyId, page, perPage),
      this.timeZone(auth.companyId),
    ]);
    return pageOf(await Promise.all(rows.map((r) => this.view(r, timeZone))), page, perPage, total);
  }

  async get(auth: AuthContext, id: number): Promise<TOfferExportSchedule> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Schedule');
    return this.view(row, await this.timeZone(auth.companyId));
  }

  async recipients(auth: AuthContext): Promise<TOfferExportRecipients> {
    const rows = await this.repo.recipients(
      auth.companyId,
      undefined,
      OFFER_EXPORT_RECIPIENT_CHOICES_MAX,
    );
    return {
      data: rows.map(({ id, firstname, lastname, email }) => ({ id, firstname, lastname, email })),
    };
  }

  private async check(auth: AuthContext, form: TOfferExportScheduleForm) {
    const found = await this.repo.recipients(auth.companyId, form.recipient_ids);
    if (found.length !== form.recipient_ids.length)
      throw validationFailed({ recipient_ids: ['unknown_user'] });
    const timeZone = await this.timeZone(auth.companyId);
    const now = new Date();
    return {
      name: form.name,
      frequency: form.frequency,
      weekday: form.weekday,
      month_day: form.month_day,
      hour: form.hour,
      format: form.format,
      columns: JSON.stringify(form.columns),
      language: form.language,
      recipient_ids: JSON.stringify(form.recipient_ids),
      enabled: form.enabled,
      next_run_at: form.enabled ? nextRun(form, timeZone, now).toISOString() : null,
      updated_at: now.toISOString(),
    };
  }

  async create(auth: AuthContext, form: TOfferExportScheduleForm): Promise<TOfferExportSchedule> {
    if ((await this.repo.count(auth.companyId)) >= OFFER_EXPORT_SCHEDULES_MAX)
      throw validationFailed({ name: [`schedule_limit:${OFFER_EXPORT_SCHEDULES_MAX}`] });
    const values = await this.check(auth, form);
    const id = await this.repo.insert({
      ...values,
      company_id: auth.companyId,
      created_by: auth.userId,
      created_at: values.updated_at,
    });
    await this.audit.record(
      auth,
      'export_schedule.created',
      { type: 'export_schedule', id },
      { name: form.name },
    );
    return this.get(auth, id);
  }

  /** Saving computes the next run again from now (a changed hour or day applies at once). */
  async update(
    auth: AuthContext,
    id: number,
    form: TOfferExportScheduleForm,
  ): Promise<TOfferExportSchedule> {
    const current = await this.repo.find(auth.companyId, id);
    if (!current) throw notFound('Schedule');
    await this.repo.update(auth.companyId, id, await this.check(auth, form));
    await this.audit.record(
      auth,
      'export_schedule.updated',
      { type: 'export_schedule', id },
      {
        name: form.name,
        previous_name: current.name === form.name ? null : current.name,
        enabled: form.enabled,
      },
    );
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const current = await this.repo.find(auth.companyId, id);
    if (!current || !(await this.repo.delete(auth.companyId, id))) throw notFound('Schedule');
    await this.audit.record(
      auth,
      'export_schedule.deleted',
      { type: 'export_schedule', id },
      { name: current.name },
    );
  }

  /**
   * The company's time zone changed: every enabled schedule's next run is computed again on the new
   * wall clock, from now (called by the company settings in the request that saves the zone).
   */
  async rezone(
    companyId: number,
    timeZone: string,
    trx?: Kysely<DB>,
    now = new Date(),
  ): Promise<void> {
    for (const row of await this.repo.enabled(companyId, trx)) {
      const next = nextRunOf(row, timeZone, now);
      await this.repo.update(companyId, row.id, { next_run_at: next }, trx);
    }
  }

  /**
   * The worker's tick: every enabled schedule due at `now` gets one export. A schedule is claimed by
   * moving its `next_run_at` from the value read to its next run after `now` (compare-and-set), so
   * two ticks (two workers, or a restart) never run it twice; runs missed while no worker ran are
   * caught up by one run. Answers the ids of the exports written.
   */
  async tick(now = new Date()): Promise<number[]> {
    const at = now.toISOString();
    const written: number[] = [];
    const zones = new Map<number, string>();
    for (const row of await this.repo.due(at, TICK_BATCH)) {
      let timeZone = zones.get(row.company_id);
      if (!timeZone) {
        timeZone = await this.timeZone(row.company_id);
        zones.set(row.company_id, timeZone);
      }
      const next = nextRunOf(row, timeZone, now);
      // Read as the schedule's author; gone, as its first recipient still allowed to export.
      const ids = JSON.parse(row.recipient_ids) as number[];
      const asUser =
        row.created_by ?? (await this.repo.recipients(row.company_id, ids, 1))[0]?.id ?? null;
      if (asUser === null) {
        await this.repo.skip(row.id, row.next_run_at!, next);
        continue;
      }
      const exportId = await this.repo.claim(
        { id: row.id, company_id: row.company_id, next_run_at: row.next_run_at! },
        next,
        at,
        { user_id: asUser, format: row.format, columns: row.columns, language: row.language },
        {
          type: OFFER_EXPORT_JOB,
          payload: (id): OfferExportJobPayload => ({
            export_id: id,
            company_id: row.company_id,
            user_id: asUser,
          }),
          maxAttempts: OFFER_EXPORT_ATTEMPTS,
        },
      );
      if (exportId !== null) written.push(exportId);
    }
    return written;
  }

  /**
   * The e-mails of a finished export written for a schedule: one per recipient still allowed to
   * download it, in their language. None for an on-demand export.
   */
  async mailsFor(companyId: number, exportId: number, filename: string): Promise<MailMessage[]> {
    const schedule = await this.repo.ofExport(companyId, exportId);
    if (!schedule) return [];
    const users = await this.repo.recipients(
      companyId,
      JSON.parse(schedule.recipient_ids) as number[],
    );
    // The web app's export page (signed in, then back) starts the download; not the API route,
    // which answers a signed-out browser with a 401 JSON.
    const link = `${this.publicUrl}/config/joboffers/export?download=${exportId}`;
    return users.map((u) => ({
      companyId,
      to: u.email,
      ...scheduledExportMail({
        language: mailLanguage(u.language),
        firstname: u.firstname,
        schedule: schedule.name,
        filename,
        link,
      }),
    }));
  }
}
