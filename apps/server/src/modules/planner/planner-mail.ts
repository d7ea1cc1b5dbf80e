import { knownLanguage, type Language } from '@embauche/contracts/constants';
import { appendSignature } from '../../platform/mail/append-signature.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { candidateValues, type MergeValues } from '../../platform/mail/merge-fields.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { MailSignaturesService } from '../mail-models/mail-signatures.service.ts';
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
  /**
   * The user the e-mail is signed by (issue 38 part 2): the appointment's organiser, the booking
   * link's sender; null: the company's signature.
   */
  sender: number | null;
};

/** The company's e-mail models, and the senders' signatures appended to every planner e-mail. */
export type PlannerMailModels = Pick<MailModelsService, 'render' | 'renderModel'> &
  Partial<Pick<MailSignaturesService, 'signatureFor'>>;

/** The models and the signatures as the planner's services take them. */
export function plannerMailModels(
  models: Pick<MailModelsService, 'render' | 'renderModel'>,
  signatures: Pick<MailSignaturesService, 'signatureFor'>,
): PlannerMailModels {
  return {
    render: (...args) => models.render(...args),
    renderModel: (...args) => models.renderModel(...args),
    signatureFor: (...args) => signatures.signatureFor(...args),
  };
}

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
 * the built-in text) with the sender's signature at its end (else the company's, as the mailings
 * do), BEFORE the caller's transaction (the models are read from the database); the ICS, which
 * needs the appointment's id, is added by `withIcs` inside it.
 */
export async function renderPlannerMail(
  models: PlannerMailModels,
  kind: PlannerMailKind,
  ctx: PlannerMailContext,
): Promise<MailMessage> {
  const [message, signature] = await Promise.all([
    renderUnsigned(models, kind, ctx),
    models.signatureFor?.(
      ctx.companyId,
      ctx.sender,
      knownLanguage(ctx.language ?? ctx.companyLanguage),
    ),
  ]);
  if (!signature) return message;
  const signed = appendSignature({ html: message.html ?? '', text: message.text }, signature);
  return { ...message, ...signed };
}

async function renderUnsigned(
  models: PlannerMailModels,
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
