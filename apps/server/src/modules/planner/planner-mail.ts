import { knownLanguage, type Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { candidateValues, type MergeValues } from '../../platform/mail/merge-fields.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import { icsCalendar, type IcsEvent } from './ics.ts';
import { fillText, PLANNER_MAIL_TEXTS, type PlannerMailKind } from './planner-mail-texts.ts';

/** What one planner e-mail to a candidate tells. */
export type PlannerMailContext = {
  companyId: number;
  companyName: string;
  templateName: string;
  language: string | null;
  companyLanguage: string;
  /** The zone the date and time are written in (the template's, else the company's). */
  timeZone: string;
  start: Date;
  end: Date;
  place: string;
  /** The booking page (to book, move or cancel), when there is one. */
  link: string | null;
  expires?: Date;
  offerTitle: string | null;
  candidate: { firstname: string; lastname: string; email: string };
  /** A model chosen on the template for this kind, else the company's default model. */
  modelId: number | null;
};

/** The date and the time of `at` on `timeZone`'s clock, in `language`. */
export function dateAndTime(at: Date, timeZone: string, language: Language) {
  return {
    date: new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'full' }).format(at),
    time: new Intl.DateTimeFormat(language, { timeZone, timeStyle: 'short' }).format(at),
  };
}

const html = (text: string) =>
  `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`;

/**
 * Renders a candidate's e-mail (the template's model, else the company's default of the kind, else
 * the built-in text) BEFORE the caller's transaction (the models are read from the database);
 * the ICS, which needs the appointment's id, is added by `withIcs` inside it.
 */
export async function renderPlannerMail(
  models: Pick<MailModelsService, 'render' | 'renderModel'>,
  kind: PlannerMailKind,
  ctx: PlannerMailContext,
): Promise<MailMessage> {
  const language = knownLanguage(ctx.language ?? ctx.companyLanguage);
  const when = dateAndTime(ctx.start, ctx.timeZone, language);
  const expires = ctx.expires ? dateAndTime(ctx.expires, ctx.timeZone, language) : null;
  const values: MergeValues = {
    ...candidateValues(ctx.candidate),
    'company.name': ctx.companyName,
    'offer.title': ctx.offerTitle ?? undefined,
    'interview.date': when.date,
    'interview.time': when.time,
    'interview.place': ctx.place,
    'interview.link': ctx.link ?? undefined,
    'booking.link': ctx.link ?? undefined,
    'booking.expires': expires ? `${expires.date} ${expires.time}` : undefined,
  };
  const languages = [ctx.language, ctx.companyLanguage];
  const rendered =
    (ctx.modelId !== null
      ? await models.renderModel(ctx.companyId, ctx.modelId, kind, languages, values)
      : null) ?? (await models.render(ctx.companyId, kind, languages, values));
  if (rendered)
    return {
      companyId: ctx.companyId,
      to: ctx.candidate.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      fromName: ctx.companyName,
    };
  const texts = PLANNER_MAIL_TEXTS[language][kind];
  const fill = {
    name: ctx.candidate.firstname,
    company: ctx.companyName,
    template: ctx.templateName,
    date: when.date,
    time: when.time,
    place: ctx.place || '—',
    link: ctx.link ?? '—',
    expires: expires ? `${expires.date} ${expires.time}` : '',
  };
  const text = fillText(texts.body, fill);
  return {
    companyId: ctx.companyId,
    to: ctx.candidate.email,
    subject: fillText(texts.subject, fill).replace(/[\r\n]+/g, ' '),
    text,
    html: html(text),
    fromName: ctx.companyName,
  };
}

/** The message with its invitation (or cancellation) as an ICS attachment. */
export function withIcs(
  message: MailMessage,
  event: IcsEvent,
  method: 'REQUEST' | 'CANCEL',
): MailMessage {
  return {
    ...message,
    attachments: [
      {
        filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: icsCalendar([event], method),
      },
    ],
  };
}
