import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  WEEKDAYS,
  ZAppointmentTemplateInput,
  type TAppointmentTemplate,
  type TAppointmentTemplateInput,
  type TPlannerPerson,
  type TTimeRange,
  type TWeekday,
  type TWeeklyHours,
} from '@embauche/contracts/planner';

/** What the template form edits: the interviewers with their names, numbers as typed. */
export type TemplateFormValues = Omit<
  TAppointmentTemplateInput,
  'interviewer_ids' | 'interviewer_hours' | 'slot_step_minutes'
> & {
  interviewers: TPlannerPerson[];
  /** Per interviewer (by user id) when availability is per interviewer. */
  interviewer_hours: Record<string, TWeeklyHours>;
  slot_step_minutes: number | null;
};

/** Monday to Friday, 9:00–12:00 and 14:00–18:00: a new template's hours. */
export function officeHours(): TWeeklyHours {
  const day: TTimeRange[] = [
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '18:00' },
  ];
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, d === 'sat' || d === 'sun' ? [] : day.map((r) => ({ ...r }))]),
  ) as Record<TWeekday, TTimeRange[]>;
}

export function defaultTemplateValues(
  timeZone: string,
  template?: TAppointmentTemplate,
  me?: TPlannerPerson,
): TemplateFormValues {
  if (template)
    return {
      name: template.name,
      duration_minutes: template.duration_minutes,
      buffer_before_minutes: template.buffer_before_minutes,
      buffer_after_minutes: template.buffer_after_minutes,
      slot_step_minutes: template.slot_step_minutes,
      location_kind: template.location_kind,
      location: template.location,
      interviewers: template.interviewers,
      time_zone: template.time_zone,
      availability_mode: template.availability_mode,
      weekly_hours: template.weekly_hours,
      interviewer_hours: Object.fromEntries(
        template.interviewer_hours.map((h) => [String(h.user_id), h.weekly_hours]),
      ),
      exceptions: template.exceptions,
      horizon_days: template.horizon_days,
      min_notice_minutes: template.min_notice_minutes,
      mail_models: template.mail_models,
    };
  return {
    name: '',
    duration_minutes: 30,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    slot_step_minutes: null,
    location_kind: 'video',
    location: '',
    interviewers: me ? [me] : [],
    time_zone: timeZone,
    availability_mode: 'shared',
    weekly_hours: officeHours(),
    interviewer_hours: {},
    exceptions: [],
    horizon_days: 30,
    min_notice_minutes: 24 * 60,
    mail_models: { invitation: null, reminder: null, change: null, cancellation: null },
  };
}

/** A number field's value: '' or NaN (an emptied field) is left out so the schema names it. */
function num(value: unknown): unknown {
  return typeof value === 'number' && Number.isNaN(value)
    ? undefined
    : value === ''
      ? undefined
      : value;
}

export function toTemplateInput(values: TemplateFormValues): unknown {
  return {
    ...values,
    duration_minutes: num(values.duration_minutes),
    buffer_before_minutes: num(values.buffer_before_minutes) ?? 0,
    buffer_after_minutes: num(values.buffer_after_minutes) ?? 0,
    slot_step_minutes: num(values.slot_step_minutes) ?? null,
    horizon_days: num(values.horizon_days),
    min_notice_minutes: num(values.min_notice_minutes),
    interviewers: undefined,
    interviewer_ids: values.interviewers.map((p) => p.id),
    interviewer_hours:
      values.availability_mode === 'per_interviewer'
        ? values.interviewers.map((p) => ({
            user_id: p.id,
            weekly_hours: values.interviewer_hours[String(p.id)] ?? officeHours(),
          }))
        : [],
  };
}

/** A request's field as the form names it (`interviewer_ids` → `interviewers`, per interviewer hours by user). */
export function templateField(path: string, values: TemplateFormValues): string {
  if (path.startsWith('interviewer_ids')) return 'interviewers';
  const perUser = /^interviewer_hours\.(\d+)\.(.*)$/.exec(path);
  if (perUser) {
    const person = values.interviewers[Number(perUser[1])];
    return person
      ? `interviewer_hours.${person.id}.${perUser[2]!.replace(/^weekly_hours\./, '')}`
      : 'interviewers';
  }
  return path;
}

export const templateResolver: Resolver<
  TemplateFormValues,
  unknown,
  TAppointmentTemplateInput
> = async (values) => {
  const parsed = ZAppointmentTemplateInput.safeParse(toTemplateInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<TemplateFormValues> = {};
  for (const issue of parsed.error.issues) {
    const at = templateField(issue.path.join('.'), values);
    set(errors, at, { type: 'validation', message: issue.message });
  }
  return { values: {}, errors };
};
