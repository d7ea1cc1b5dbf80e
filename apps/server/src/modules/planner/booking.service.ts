import { knownLanguage, type Language } from '@embauche/contracts/constants';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type { TBookingView, TFreeSlots } from '@embauche/contracts/planner';
import { sha256 } from '../../platform/auth/tokens.ts';
import { isUniqueViolation } from '../../platform/db/unique-name.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { queueMail, type MailMessage } from '../../platform/mail/mailer.ts';
import { appointmentEvent } from './appointment-ics.ts';
import { checkRange, slotTaken, type AppointmentsService } from './appointments.service.ts';
import type { BookingRepository } from './booking.repository.ts';
import { dateAndTime, renderPlannerMail, withIcs } from './planner-mail.ts';
import { fillText, INTERVIEWER_MAIL_TEXTS } from './planner-mail-texts.ts';
import type { Trx } from './planner.repository.ts';
import { mailModelsOf } from './templates.service.ts';

type LinkRow = NonNullable<Awaited<ReturnType<BookingRepository['byHash']>>>;
const DAY = 86_400_000;

const expired = () =>
  new HttpError(410, 'This booking link has expired.', ERROR_CODES.bookingExpired);

/**
 * The public booking page's calls (contracts/planner.ts, docs/planner.md): what the link offers,
 * its free slots, and booking, moving or cancelling through it until the appointment starts. The
 * routes count every call against the client's address first (PublicTokenGuard).
 */
export class BookingService {
  constructor(
    private readonly repo: BookingRepository,
    private readonly appointments: AppointmentsService,
  ) {}

  /** The link of `token`, or undefined (404 by the guard). */
  find(token: string) {
    return this.repo.byHash(sha256(token));
  }

  private booked(link: LinkRow): boolean {
    return link.appointment_id !== null && link.appointment_status === 'confirmed';
  }

  /** When the link stops: the appointment's start once booked, else its expiry. */
  private limit(link: LinkRow): number {
    return this.booked(link) ? Date.parse(link.appointment_start!) : Date.parse(link.expires_at);
  }

  private open(link: LinkRow, now = Date.now()) {
    if (now >= this.limit(link)) throw expired();
  }

  private async template(link: LinkRow) {
    const row = await this.appointments.repo.template(link.company_id, link.template_id);
    if (!row) throw expired();
    return row;
  }

  /** What the page shows; `strict`: 410 once the link is over (the page's first call). */
  async view(link: LinkRow, strict = false): Promise<TBookingView> {
    if (strict) this.open(link);
    const template = await this.template(link);
    const company = await this.appointments.repo.company(link.company_id);
    const booked = this.booked(link);
    const limit = this.limit(link);
    return {
      company: {
        name: company.social_reason,
        logo_src: company.logo_key ? `/careers/${encodeURIComponent(company.slug)}/logo` : null,
      },
      language: knownLanguage(link.language),
      candidate: { firstname: link.firstname },
      template: {
        name: template.name,
        duration_minutes: template.duration_minutes,
        location_kind: template.location_kind as TBookingView['template']['location_kind'],
        location: template.location,
        time_zone: template.time_zone,
      },
      offer_title: link.offer_title,
      appointment: booked
        ? { start_at: link.appointment_start!, end_at: link.appointment_end! }
        : null,
      can_change: Date.now() < limit,
      expires_at: new Date(limit).toISOString(),
    };
  }

  async slots(
    link: LinkRow,
    query: { from?: string | undefined; to?: string | undefined },
  ): Promise<TFreeSlots> {
    this.open(link);
    const template = await this.template(link);
    const from = query.from ?? new Date().toISOString();
    const to = query.to ?? new Date(Date.parse(from) + 14 * DAY).toISOString();
    const range = checkRange(from, to);
    const slots = await this.appointments.slotsOf(template, range.from, range.to, {
      ...(link.appointment_id !== null ? { excludeAppointmentId: link.appointment_id } : {}),
    });
    return {
      time_zone: template.time_zone,
      duration_minutes: template.duration_minutes,
      slots: slots.map((s) => ({
        start_at: new Date(s.start).toISOString(),
        end_at: new Date(s.end).toISOString(),
      })),
    };
  }

  /**
   * The slot starting at `startAt` if it is free (409 `slot_taken` when it is a slot of the
   * template that another appointment took, 422 when it never was one).
   */
  private async checkSlot(link: LinkRow, startAt: string) {
    const template = await this.template(link);
    const start = Date.parse(startAt);
    const end = start + template.duration_minutes * 60_000;
    const window = [new Date(start).toISOString(), new Date(end).toISOString()] as const;
    const exclude =
      link.appointment_id !== null ? { excludeAppointmentId: link.appointment_id } : {};
    const free = await this.appointments.slotsOf(template, ...window, exclude);
    if (!free.some((s) => s.start === start)) {
      const any = await this.appointments.slotsOf(template, ...window, { ignoreBusy: true });
      if (any.some((s) => s.start === start)) throw slotTaken();
      throw validationFailed({ start_at: ['invalid'] });
    }
    return { template, start: window[0], end: window[1] };
  }

  /** The candidate's and the interviewers' e-mails, rendered before the transaction. */
  private async mails(
    link: LinkRow,
    kind: 'interview_invitation' | 'interview_change' | 'interview_cancellation',
    template: Awaited<ReturnType<BookingService['template']>>,
    start: string,
    end: string,
    token: string,
  ) {
    const company = await this.appointments.repo.company(link.company_id);
    const base = this.appointments.base();
    const candidate: MailMessage | null =
      link.email && !link.email_blocked
        ? await renderPlannerMail(this.appointments.models, kind, {
            companyId: link.company_id,
            companyName: company.social_reason,
            templateName: template.name,
            language: link.language,
            companyLanguage: company.default_language,
            timeZone: template.time_zone,
            start: new Date(start),
            end: new Date(end),
            place: template.location,
            link: kind === 'interview_cancellation' ? null : `${base}/booking/${token}`,
            offerTitle: link.offer_title,
            candidate: { firstname: link.firstname, lastname: link.lastname, email: link.email },
            modelId:
              mailModelsOf(template)[
                kind === 'interview_invitation'
                  ? 'invitation'
                  : kind === 'interview_change'
                    ? 'change'
                    : 'cancellation'
              ],
            // Signed by the user who sent the booking link.
            sender: link.created_by,
          })
        : null;
    const people = await this.appointments.repo.templateInterviewers([template.id]);
    const users = await this.appointments.repo.activeUsers(
      link.company_id,
      people.map((p) => p.id),
    );
    const which =
      kind === 'interview_invitation'
        ? 'booked'
        : kind === 'interview_change'
          ? 'moved'
          : 'cancelled';
    const name = `${link.firstname} ${link.lastname}`.trim();
    // Each interviewer reads the date on their own clock (their zone, else the company's).
    const interviewers: (MailMessage & { timeZone: string })[] = users.map((u) => {
      const language: Language = knownLanguage(u.language);
      const timeZone = u.time_zone ?? company.time_zone;
      const when = dateAndTime(new Date(start), timeZone, language);
      const t = INTERVIEWER_MAIL_TEXTS[language][which];
      const values = { candidate: name, template: template.name, ...when };
      const text = fillText(t.body, values);
      return {
        companyId: link.company_id,
        to: u.email,
        subject: fillText(t.subject, values).replace(/[\r\n]+/g, ' '),
        text,
        html: `<p>${escapeHtml(text)}</p>`,
        fromName: company.social_reason,
        timeZone,
      };
    });
    return {
      candidate,
      interviewers,
      users,
      title: `${template.name} — ${name}`,
      templateZone: template.time_zone,
    };
  }

  private async queueAll(
    trx: Trx,
    mails: Awaited<ReturnType<BookingService['mails']>>,
    a: { id: number; start: string; end: string; location: string; updatedAt: string },
    method: 'REQUEST' | 'CANCEL',
    companyName: string,
    link: LinkRow,
  ) {
    const event = appointmentEvent(this.appointments.base(), {
      ...a,
      title: mails.title,
      cancelled: method === 'CANCEL',
      organizer: null,
      attendees: [
        ...(link.email
          ? [{ name: `${link.firstname} ${link.lastname}`.trim(), email: link.email }]
          : []),
        ...mails.users.map((u) => ({ name: `${u.firstname} ${u.lastname}`, email: u.email })),
      ],
      description: companyName,
    });
    // The candidate's on the template's clock, each interviewer's on theirs.
    if (mails.candidate)
      await queueMail(
        trx,
        withIcs(mails.candidate, { ...event, timeZone: mails.templateZone }, method),
      );
    for (const { timeZone, ...m } of mails.interviewers)
      await queueMail(trx, withIcs(m, { ...event, timeZone }, method));
  }

  /** Books the slot starting at `startAt` (201); 409 `slot_taken` when another booking won. */
  async book(token: string, link: LinkRow, startAt: string): Promise<TBookingView> {
    this.open(link);
    if (this.booked(link))
      throw new HttpError(
        409,
        'An appointment is booked with this link.',
        ERROR_CODES.alreadyBooked,
      );
    const { template, start, end } = await this.checkSlot(link, startAt);
    const mails = await this.mails(link, 'interview_invitation', template, start, end, token);
    const company = await this.appointments.repo.company(link.company_id);
    const userIds = mails.users.map((u) => u.id);
    const repo = this.appointments.repo;
    const now = new Date().toISOString();
    try {
      await repo.transaction(async (trx) => {
        const id = await repo.insertAppointment(
          trx,
          {
            company_id: link.company_id,
            template_id: template.id,
            title: mails.title,
            start_at: start,
            end_at: end,
            source: 'booking',
            location_kind: template.location_kind,
            location: template.location,
            applicant_id: link.applicant_id,
            application_id: link.application_id,
            notes: '',
            allow_conflicts: false,
            created_by: null,
          },
          now,
        );
        // The steps first: of two bookings of one slot, the second waits here, then fails.
        await repo.placeAppointment(trx, {
          id,
          companyId: link.company_id,
          userIds,
          start,
          end,
          guarded: true,
        });
        await this.refuseUnguardedOverlap(trx, link.company_id, userIds, start, end, id);
        if (!(await this.repo.attach(trx, link.id, link.appointment_id, id)))
          throw new HttpError(
            409,
            'An appointment is booked with this link.',
            ERROR_CODES.alreadyBooked,
          );
        await this.appointments.feedOf(trx, link, 'appointment_scheduled', {
          id,
          title: mails.title,
          start,
          end,
        });
        await this.queueAll(
          trx,
          mails,
          { id, start, end, location: template.location, updatedAt: now },
          'REQUEST',
          company.social_reason,
          link,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slotTaken();
      throw err;
    }
    return this.view((await this.find(token))!);
  }

  /** An appointment kept with its conflicts (no steps held) overlapping: the slot is not free. */
  private async refuseUnguardedOverlap(
    trx: Trx,
    companyId: number,
    userIds: number[],
    start: string,
    end: string,
    own: number,
  ) {
    const busy = await this.appointments.repo.busy(companyId, userIds, start, end, trx);
    if (busy.some((b) => b.appointment_id !== own)) throw slotTaken();
  }

  /** Moves the booked appointment to the slot starting at `startAt`. */
  async reschedule(token: string, link: LinkRow, startAt: string): Promise<TBookingView> {
    this.open(link);
    if (!this.booked(link)) throw validationFailed({ start_at: ['invalid'] });
    const { template, start, end } = await this.checkSlot(link, startAt);
    const mails = await this.mails(link, 'interview_change', template, start, end, token);
    const company = await this.appointments.repo.company(link.company_id);
    const userIds = mails.users.map((u) => u.id);
    const repo = this.appointments.repo;
    const id = link.appointment_id!;
    const now = new Date().toISOString();
    try {
      await repo.transaction(async (trx) => {
        await repo.updateAppointment(
          trx,
          link.company_id,
          id,
          { start_at: start, end_at: end },
          now,
        );
        await repo.placeAppointment(trx, {
          id,
          companyId: link.company_id,
          userIds,
          start,
          end,
          guarded: true,
        });
        await this.refuseUnguardedOverlap(trx, link.company_id, userIds, start, end, id);
        await this.appointments.feedOf(trx, link, 'appointment_changed', {
          id,
          title: mails.title,
          start,
          end,
        });
        await this.queueAll(
          trx,
          mails,
          { id, start, end, location: template.location, updatedAt: now },
          'REQUEST',
          company.social_reason,
          link,
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw slotTaken();
      throw err;
    }
    return this.view((await this.find(token))!);
  }

  /** Cancels the booked appointment; the link may book again until it expires. */
  async cancel(token: string, link: LinkRow): Promise<TBookingView> {
    this.open(link);
    if (!this.booked(link)) throw validationFailed({ appointment: ['invalid'] });
    const template = await this.template(link);
    const start = link.appointment_start!;
    const end = link.appointment_end!;
    const mails = await this.mails(link, 'interview_cancellation', template, start, end, token);
    const company = await this.appointments.repo.company(link.company_id);
    const repo = this.appointments.repo;
    const now = new Date().toISOString();
    await repo.transaction(async (trx) => {
      const row = await this.appointments.require(link.company_id, link.appointment_id!, trx);
      await this.appointments.cancelIn(trx, row, null, now);
      await this.queueAll(
        trx,
        mails,
        { id: row.id, start, end, location: template.location, updatedAt: now },
        'CANCEL',
        company.social_reason,
        link,
      );
    });
    return this.view((await this.find(token))!);
  }
}
