import { knownLanguage, type Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { queueMail } from '../../platform/mail/mailer.ts';
import {
  candidateValues,
  fillMergeFields,
  type MergeValues,
} from '../../platform/mail/merge-fields.ts';
import type { DocumentRequestsService } from '../applicants/document-requests.service.ts';
import type { MailModelsService } from '../mail-models/mail-models.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { addDays, longDay, todayIn } from './onboarding-days.ts';
import type { OnboardingService } from './onboarding.service.ts';

export const ONBOARDING_SWEEP_TASK = 'onboarding-sweep';
export const ONBOARDING_SWEEP_EVERY_MS = 60_000;
/** Tasks handled per kind and run (the next run takes the rest). */
const BATCH = 200;

/** The built-in welcome e-mail, when the company has no `onboarding` model. */
const BUILT_IN: Record<Language, { subject: string; body: string }> = {
  fr: {
    subject: 'Bienvenue chez {{company.name}}',
    body: 'Bonjour {{candidate.firstname}},\n\nNous avons hâte de vous accueillir le {{onboarding.start_date}}.\nAdresse : {{onboarding.address}}\nVotre contact le premier jour : {{onboarding.first_day_contact}}\nVotre manager : {{onboarding.manager_name}}',
  },
  en: {
    subject: 'Welcome to {{company.name}}',
    body: 'Hello {{candidate.firstname}},\n\nWe look forward to welcoming you on {{onboarding.start_date}}.\nAddress: {{onboarding.address}}\nYour contact on the first day: {{onboarding.first_day_contact}}\nYour manager: {{onboarding.manager_name}}',
  },
  es: {
    subject: 'Bienvenido/a a {{company.name}}',
    body: 'Hola {{candidate.firstname}}:\n\nEsperamos darle la bienvenida el {{onboarding.start_date}}.\nDirección: {{onboarding.address}}\nSu contacto el primer día: {{onboarding.first_day_contact}}\nSu responsable: {{onboarding.manager_name}}',
  },
  de: {
    subject: 'Willkommen bei {{company.name}}',
    body: 'Hallo {{candidate.firstname}},\n\nwir freuen uns, Sie am {{onboarding.start_date}} zu begrüßen.\nAdresse: {{onboarding.address}}\nIhre Ansprechperson am ersten Tag: {{onboarding.first_day_contact}}\nIhre Führungskraft: {{onboarding.manager_name}}',
  },
};

export type SweepDeps = {
  service: OnboardingService;
  models: Pick<MailModelsService, 'render' | 'renderModel'>;
  documents: () => Pick<DocumentRequestsService, 'askOnBehalf'>;
  notifications: () => Pick<NotificationsService, 'notify'> | undefined;
  /** The new hire's language (the planner's rule: the career site's notice, the community's). */
};

/**
 * The worker's onboarding sweep (recurring task, one turn a minute across the workers): welcome
 * e-mails due today or before on the company's wall clock, document requests of new onboardings,
 * documents arrived (task done), and overdue notices. Each task is claimed by a conditional
 * UPDATE of its own row in the transaction that queues its e-mail or notice: a second worker, or
 * a run after a restart, finds it claimed and sends nothing again.
 */
export async function sweepOnboardings(deps: SweepDeps, now = new Date()) {
  // Every zone's today is on or before the latest one (UTC+14): candidates, then each company's own day.
  const latest = addDays(now.toISOString().slice(0, 10), 1);
  const emails = await sendEmails(deps, now, latest);
  const documents = await askDocuments(deps);
  const arrived = await deps.service.syncDocuments();
  const overdue = await notifyOverdue(deps, now, latest);
  return { emails, documents, arrived, overdue };
}

async function sendEmails(deps: SweepDeps, now: Date, latest: string) {
  const repo = deps.service.repo;
  let sent = 0;
  for (const t of await repo.dueTasks('email', latest, BATCH)) {
    if (t.due_date > todayIn(t.time_zone || 'Europe/Paris', now)) continue;
    const o = await repo.one(t.company_id, t.onboarding_id, t.due_date);
    if (!o) continue;
    const company = await repo.company(t.company_id);
    const language = knownLanguage(
      (await repo.applicantLanguage(t.company_id, o.applicant_id)) ?? company.default_language,
    );
    const values: MergeValues = {
      ...candidateValues(o),
      'company.name': company.social_reason,
      'offer.title': o.offer_title ?? undefined,
      'onboarding.start_date': longDay(o.start_date, language),
      'onboarding.manager_name':
        o.manager_firstname !== null
          ? `${o.manager_firstname} ${o.manager_lastname}`.trim()
          : undefined,
      'onboarding.address': o.address ?? undefined,
      'onboarding.first_day_contact': o.first_day_contact ?? undefined,
    };
    const languages = [language, company.default_language];
    const mail =
      (t.mail_model_id !== null
        ? await deps.models.renderModel(
            t.company_id,
            t.mail_model_id,
            'onboarding',
            languages,
            values,
          )
        : null) ??
      (await deps.models.render(t.company_id, 'onboarding', languages, values)) ??
      builtIn(language, values);
    const at = now.toISOString();
    await repo.transaction(async (trx) => {
      if (!o.email) {
        await repo.claim(trx, t.id, 'mail_state', 'failed');
        return;
      }
      if (!(await repo.claim(trx, t.id, 'mail_state', 'sent'))) return;
      await repo.updateTask(trx, t.id, { done: true, done_at: at, done_by: null });
      await trx
        .updateTable('onboarding_tasks')
        .set({ mail_sent_at: at })
        .where('id', '=', t.id)
        .execute();
      await queueMail(trx, {
        companyId: t.company_id,
        to: o.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        fromName: company.social_reason,
      });
      await deps.service.progressed(trx, t.company_id, t.onboarding_id);
      sent++;
    });
  }
  return sent;
}

function builtIn(language: Language, values: MergeValues) {
  const text = BUILT_IN[language];
  const body = fillMergeFields(text.body, values, 'text')
    .replace(/^.*: ?$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
  return {
    subject: fillMergeFields(text.subject, values, 'subject'),
    text: body,
    html: `<p>${escapeHtml(body).replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`,
  };
}

/** New document steps: one request per task through the tokenised upload page, at once. */
async function askDocuments(deps: SweepDeps) {
  const repo = deps.service.repo;
  let asked = 0;
  for (const t of await repo.dueTasks('document', '9999-12-31', BATCH)) {
    const applicant = await repo.db
      .selectFrom('applicants')
      .select(['id', 'firstname', 'lastname', 'email'])
      .where('company_id', '=', t.company_id)
      .where('id', '=', t.applicant_id)
      .executeTakeFirst();
    if (!applicant?.email || t.created_by === null) {
      // No address to write to: the task stays for a person to collect the document by hand.
      await repo.claim(repo.db, t.id, 'document_request_id', 0);
      continue;
    }
    const typeId = await repo.documentType(repo.db, t.company_id, t.document_name ?? t.title);
    const done = await deps
      .documents()
      .askOnBehalf(
        t.company_id,
        t.created_by,
        applicant,
        [{ id: typeId, name: t.document_name ?? t.title, default_type: false }],
        async (trx, requestId) => {
          if (!(await repo.claim(trx, t.id, 'document_request_id', requestId))) return false;
          await trx
            .updateTable('onboarding_tasks')
            .set({ document_type_id: typeId })
            .where('id', '=', t.id)
            .execute();
          return true;
        },
      );
    if (done) asked++;
  }
  return asked;
}

/** Open tasks past their due day (company's wall clock): their owner is told once per task. */
async function notifyOverdue(deps: SweepDeps, now: Date, latest: string) {
  const repo = deps.service.repo;
  let told = 0;
  for (const t of await repo.dueTasks('overdue', latest, BATCH)) {
    if (t.due_date >= todayIn(t.time_zone || 'Europe/Paris', now)) continue;
    const claimed = await repo.transaction((trx) =>
      repo.claim(trx, t.id, 'overdue_notified_at', now.toISOString()),
    );
    if (!claimed) continue;
    const o = await repo.one(t.company_id, t.onboarding_id, t.due_date);
    await deps.notifications()?.notify(t.company_id, [t.owner_id], {
      slug: 'onboarding_task_overdue',
      source: 'other',
      route: '/onboarding/my-tasks',
      applicant_name: o ? `${o.firstname} ${o.lastname}`.trim() : null,
      feature_name: t.title,
      diff_date: t.due_date,
    });
    told++;
  }
  return told;
}
