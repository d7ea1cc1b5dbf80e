import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  ZAppointmentInput,
  type TAppointment,
  type TAppointmentInput,
  type TLocationKind,
  type TPlannerPerson,
} from '@embauche/contracts/planner';
import { fromZoneLocalInput, toZoneLocalInput } from '../../../lib/dates.ts';

/** The attached applicant, with the application chosen among theirs. */
export type AppointmentApplicant = {
  id: number;
  name: string;
  applications: { id: number; offer_title: string | null }[];
};

/** What the appointment dialog edits: times on the user's clock (`yyyy-MM-ddTHH:mm`). */
export type AppointmentFormValues = {
  title: string;
  start: string | null;
  end: string | null;
  interviewers: TPlannerPerson[];
  applicant: AppointmentApplicant | null;
  application_id: number | null;
  location_kind: TLocationKind | '';
  location: string;
  notes: string;
  allow_conflicts: boolean;
  notify_applicant: boolean;
};

export function personName(person: Pick<TPlannerPerson, 'firstname' | 'lastname'>): string {
  return `${person.firstname} ${person.lastname}`.trim();
}

/** A new appointment from `start` to `end` (instants) with the user as interviewer, or the saved one. */
export function defaultAppointmentValues(
  timeZone: string,
  from: { appointment?: TAppointment; start?: Date; end?: Date; me?: TPlannerPerson },
): AppointmentFormValues {
  const a = from.appointment;
  if (a)
    return {
      title: a.title,
      start: toZoneLocalInput(a.start_at, timeZone),
      end: toZoneLocalInput(a.end_at, timeZone),
      interviewers: a.interviewers,
      applicant: a.applicant
        ? {
            id: a.applicant.id,
            name: personName(a.applicant),
            applications: a.application_id
              ? [{ id: a.application_id, offer_title: a.offer?.title ?? null }]
              : [],
          }
        : null,
      application_id: a.application_id,
      location_kind: a.location_kind ?? '',
      location: a.location,
      notes: a.notes,
      allow_conflicts: a.allow_conflicts,
      notify_applicant: false,
    };
  return {
    title: '',
    start: from.start ? toZoneLocalInput(from.start, timeZone) : null,
    end: from.end ? toZoneLocalInput(from.end, timeZone) : null,
    interviewers: from.me ? [from.me] : [],
    applicant: null,
    application_id: null,
    location_kind: '',
    location: '',
    notes: '',
    allow_conflicts: false,
    notify_applicant: false,
  };
}

/** The request the values make (instants in UTC). */
export function toAppointmentInput(
  values: AppointmentFormValues,
  timeZone: string,
  templateId: number | null = null,
): unknown {
  return {
    title: values.title,
    start_at: values.start ? fromZoneLocalInput(values.start, timeZone) : '',
    end_at: values.end ? fromZoneLocalInput(values.end, timeZone) : '',
    template_id: templateId,
    location_kind: values.location_kind || null,
    location: values.location,
    interviewer_ids: values.interviewers.map((p) => p.id),
    applicant_id: values.applicant?.id ?? null,
    application_id: values.applicant ? values.application_id : null,
    notes: values.notes,
    allow_conflicts: values.allow_conflicts,
    notify_applicant: values.applicant ? values.notify_applicant : false,
  };
}

/** The saved appointment as a request, moved to `start`–`end` (drag, resize). */
export function movedInput(
  a: TAppointment,
  start: Date,
  end: Date,
  allowConflicts: boolean,
): TAppointmentInput {
  return {
    title: a.title,
    start_at: start.toISOString(),
    end_at: end.toISOString(),
    template_id: a.template?.id ?? null,
    location_kind: a.location_kind,
    location: a.location,
    interviewer_ids: a.interviewers.map((p) => p.id),
    applicant_id: a.applicant?.id ?? null,
    application_id: a.application_id,
    notes: a.notes,
    allow_conflicts: allowConflicts || a.allow_conflicts,
    notify_applicant: a.applicant !== null,
  };
}

/** A request's field as the form names it. */
export function appointmentField(path: string): string {
  if (path === 'start_at') return 'start';
  if (path === 'end_at') return 'end';
  if (path.startsWith('interviewer_ids')) return 'interviewers';
  if (path === 'applicant_id') return 'applicant';
  return path;
}

export function appointmentResolver(
  timeZone: string,
): Resolver<AppointmentFormValues, unknown, TAppointmentInput> {
  return async (values) => {
    const parsed = ZAppointmentInput.safeParse(toAppointmentInput(values, timeZone));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<AppointmentFormValues> = {};
    for (const issue of parsed.error.issues) {
      const at = appointmentField(issue.path.join('.')).split('.')[0]!;
      if (!(at in errors)) set(errors, at, { type: 'validation', message: issue.message });
    }
    return { values: {}, errors };
  };
}
