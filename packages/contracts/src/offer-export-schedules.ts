/**
 * Scheduled offer exports (issue 17 item 5; config page `joboffers/export`, permission
 * `config.export_job_offers`; the calls are "not shown" in the spec, designed here). Every path is
 * under `/api`; the company is the session's; another company's schedule answers 404.
 *
 *   GET    /api/config/offer-export-schedules?page&per_page → ZOfferExportSchedulePage (by name)
 *   POST   /api/config/offer-export-schedules          ZOfferExportScheduleForm → 201 ZOfferExportSchedule
 *   GET    /api/config/offer-export-schedules/{id}     → ZOfferExportSchedule
 *   PUT    /api/config/offer-export-schedules/{id}     ZOfferExportScheduleForm → ZOfferExportSchedule
 *   DELETE /api/config/offer-export-schedules/{id}     → 204 (its past exports stay)
 *
 * A schedule runs daily, weekly on `weekday` (1 Monday … 7 Sunday) or monthly on `month_day`
 * (1-28, a day every month has) at `hour`:00 on the company's wall clock (its `time_zone`): an
 * hour skipped by a daylight-saving change runs at the first instant after it, an hour that occurs
 * twice runs once. When due, the worker writes an export (as the on-demand ones: format, columns,
 * language) and, once it is done, mails each recipient (active users of the company, in their own
 * language) a link to the web app's export page `PUBLIC_URL/config/joboffers/export?download={id}`
 * (sign-in first if need be), which downloads `GET /api/config/joboffers/export/{id}/download` for a
 * user holding `config.export_job_offers`. `next_run_at` is null while disabled, and computed again
 * for the enabled schedules when the company's time zone changes. Created, updated and deleted
 * schedules are written to the audit trail (`export_schedule.*`).
 *
 * 422 codes: `name`: `field_required | max_length:100`; `frequency`, `format`, `language`:
 * `field_required | invalid`; `weekday`: `field_required` (weekly) `| invalid`; `month_day`:
 * `field_required` (monthly) `| invalid` (not 1-28); `hour`: `field_required | invalid` (not
 * 0-23); `columns`: `field_required | invalid | max_items:n`; `recipient_ids`: `field_required |
 * max_items:50 | unknown_user` (not an active user of the company); creating one more than
 * OFFER_EXPORT_SCHEDULES_MAX: `name: schedule_limit:10`.
 */
import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { OFFER_EXPORT_FILE_FORMATS, OFFER_EXPORT_STATUSES } from './company-settings.ts';
import { requiredOr } from './errors.ts';
import { OFFER_EXPORT_COLUMNS } from './export-labels.ts';
import { ZId } from './ids.ts';
import { zPaged } from './paging.ts';

export const OFFER_EXPORT_SCHEDULES_MAX = 10;
export const OFFER_EXPORT_SCHEDULE_NAME_MAX = 100;
export const OFFER_EXPORT_RECIPIENTS_MAX = 50;
export const OFFER_EXPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type OfferExportFrequency = (typeof OFFER_EXPORT_FREQUENCIES)[number];
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MONTH_DAY_MAX = 28;

/** An integer from min to max; a form's '' or a missing value is null (required or not by the rule). */
function zSmallInt(min: number, max: number) {
  return z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'invalid' })
      .int('invalid')
      .min(min, 'invalid')
      .max(max, 'invalid')
      .nullable(),
  );
}

export const ZOfferExportScheduleForm = z
  .object({
    name: z
      .string({ error: 'field_required' })
      .trim()
      .min(1, { message: 'field_required', abort: true })
      .max(OFFER_EXPORT_SCHEDULE_NAME_MAX, `max_length:${OFFER_EXPORT_SCHEDULE_NAME_MAX}`),
    frequency: z.enum(OFFER_EXPORT_FREQUENCIES, { error: requiredOr() }),
    weekday: zSmallInt(1, 7).default(null),
    month_day: zSmallInt(1, MONTH_DAY_MAX).default(null),
    hour: zSmallInt(0, 23),
    format: z.enum(OFFER_EXPORT_FILE_FORMATS, { error: requiredOr() }),
    columns: z
      .array(z.enum(OFFER_EXPORT_COLUMNS, { error: 'invalid' }), { error: 'field_required' })
      .min(1, 'field_required')
      .max(OFFER_EXPORT_COLUMNS.length, `max_items:${OFFER_EXPORT_COLUMNS.length}`)
      .transform((v) => OFFER_EXPORT_COLUMNS.filter((c) => v.includes(c))),
    language: z.enum(LANGUAGES, { error: requiredOr() }),
    recipient_ids: z
      .array(ZId, { error: 'field_required' })
      .min(1, 'field_required')
      .max(OFFER_EXPORT_RECIPIENTS_MAX, `max_items:${OFFER_EXPORT_RECIPIENTS_MAX}`)
      .transform((v) => [...new Set(v)]),
    enabled: z.boolean({ error: 'invalid' }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.hour === null)
      ctx.addIssue({ code: 'custom', path: ['hour'], message: 'field_required' });
    if (v.frequency === 'weekly' && v.weekday === null)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'field_required' });
    if (v.frequency === 'monthly' && v.month_day === null)
      ctx.addIssue({ code: 'custom', path: ['month_day'], message: 'field_required' });
  })
  // Only the day the frequency uses is kept.
  .transform((v) => ({
    ...v,
    hour: v.hour ?? 0,
    weekday: v.frequency === 'weekly' ? v.weekday : null,
    month_day: v.frequency === 'monthly' ? v.month_day : null,
  }));
export type TOfferExportScheduleFormInput = z.input<typeof ZOfferExportScheduleForm>;
export type TOfferExportScheduleForm = z.output<typeof ZOfferExportScheduleForm>;

export const ZOfferExportSchedule = z.object({
  id: ZId,
  name: z.string(),
  frequency: z.enum(OFFER_EXPORT_FREQUENCIES),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  hour: z.number().int(),
  format: z.enum(OFFER_EXPORT_FILE_FORMATS),
  columns: z.array(z.enum(OFFER_EXPORT_COLUMNS)),
  language: z.enum(LANGUAGES),
  recipient_ids: z.array(ZId),
  enabled: z.boolean(),
  /** The company's time zone, in which `hour` is read. */
  time_zone: z.string(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  /** The export the last run wrote (null before the first run, or once it was purged). */
  last_export: z
    .object({
      id: ZId,
      status: z.enum(OFFER_EXPORT_STATUSES),
      download_url: z.string().nullable(),
    })
    .nullable(),
});
export type TOfferExportSchedule = z.infer<typeof ZOfferExportSchedule>;

export const ZOfferExportSchedulePage = zPaged(ZOfferExportSchedule);
export type TOfferExportSchedulePage = z.infer<typeof ZOfferExportSchedulePage>;

/**
 * `GET /api/config/offer-export-schedules/recipients` → { data }: the active users of the company
 * who hold `config.export_job_offers` (who may open the download link), by name, at most
 * OFFER_EXPORT_RECIPIENT_CHOICES_MAX.
 */
export const OFFER_EXPORT_RECIPIENT_CHOICES_MAX = 500;
export const ZOfferExportRecipient = z.object({
  id: ZId,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type TOfferExportRecipient = z.infer<typeof ZOfferExportRecipient>;
export const ZOfferExportRecipients = z.object({ data: z.array(ZOfferExportRecipient) });
export type TOfferExportRecipients = z.infer<typeof ZOfferExportRecipients>;
