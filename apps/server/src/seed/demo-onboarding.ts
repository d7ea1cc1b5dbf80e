import type { Kysely } from 'kysely';
import { STATUS_RECRUITED } from '@embauche/contracts/constants';
import type { DB } from '../platform/db/schema.ts';
import { addDays, todayIn } from '../modules/onboarding/onboarding-days.ts';
import { OnboardingConfigRepository } from '../modules/onboarding/onboarding-config.repository.ts';
import {
  OnboardingRepository,
  type TaskInsert,
} from '../modules/onboarding/onboarding.repository.ts';

type Step = {
  title: string;
  kind: 'task' | 'document';
  responsible: 'manager' | 'recruiter' | 'admin';
  due_days: number;
  document_name?: string;
};

/** Valmont's process: before the start day, the first day, the first month. */
const STEPS: Step[] = [
  {
    title: 'Recevoir la pièce d’identité',
    kind: 'document',
    responsible: 'recruiter',
    due_days: -10,
    document_name: 'Pièce d’identité',
  },
  { title: 'Préparer le poste de travail', kind: 'task', responsible: 'admin', due_days: -3 },
  { title: 'Créer les accès informatiques', kind: 'task', responsible: 'admin', due_days: -1 },
  { title: 'Accueillir le premier jour', kind: 'task', responsible: 'manager', due_days: 0 },
  { title: 'Point d’étape à un mois', kind: 'task', responsible: 'manager', due_days: 30 },
];

/**
 * The onboarding demo (issue 41, docs/onboarding.md): in Groupe Valmont, the four system statuses,
 * a process "Arrivée d'un collaborateur" of five steps, and onboardings for its two newest recruited
 * applications — one starting in two weeks (not started), one that started four days ago with its
 * first three tasks ticked (in progress) — with the administrator as manager, so that `/onboarding`,
 * a new hire's page and "my tasks" show something on a fresh `npm start`. Written through the
 * onboarding repositories, as the service writes them. A fresh seed sends nothing by itself.
 */
export async function seedDemoOnboarding(db: Kysely<DB>): Promise<void> {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'time_zone'])
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirst();
  if (!company) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('company_id', '=', company.id)
    .where('email', 'in', ['admin@demo.test', 'recruiter@demo.test'])
    .execute();
  const admin = users.find((u) => u.email === 'admin@demo.test');
  const recruiter = users.find((u) => u.email === 'recruiter@demo.test');
  if (!admin || !recruiter) return;
  const recruited = await db
    .selectFrom('applications')
    .select('id')
    .where('company_id', '=', company.id)
    .where('status_id', '=', STATUS_RECRUITED)
    .where('applicant_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  const repo = new OnboardingRepository(db);
  const config = new OnboardingConfigRepository(db);
  await config.ensureStatuses(company.id);
  const processId = await config.insertProcess(db, company.id, 'Arrivée d’un collaborateur', true);
  await config.replaceSteps(
    db,
    company.id,
    processId,
    STEPS.map((s) => ({
      title: s.title,
      kind: s.kind,
      responsible_type: s.responsible === 'admin' ? 'user' : s.responsible,
      responsible_id: s.responsible === 'admin' ? admin.id : null,
      due_days: s.due_days,
      document_name: s.document_name ?? null,
      mail_model_id: null,
    })),
  );
  const today = todayIn(company.time_zone ?? 'Europe/Paris');
  const plans = [
    { start: addDays(today, 14), status: 'not_started', ticked: 0 },
    { start: addDays(today, -4), status: 'in_progress', ticked: 3 },
  ];
  const apps = await repo.applications(
    company.id,
    recruited.map((r) => r.id),
  );
  for (const [i, app] of apps.entries()) {
    const plan = plans[i]!;
    // The administrator is the demo's manager and IT.
    const owner = (s: Step) =>
      s.responsible === 'recruiter' ? (app.recruiter_id ?? recruiter.id) : admin.id;
    const tasks: TaskInsert[] = STEPS.map((s, position) => ({
      title: s.title,
      kind: s.kind,
      position,
      owner_id: owner(s),
      due_date: addDays(plan.start, s.due_days),
      document_name: s.document_name ?? null,
      mail_model_id: null,
      mail_state: null,
    }));
    const onboardingId = await repo.insertOnboarding(
      db,
      {
        company_id: company.id,
        application_id: app.id,
        applicant_id: app.applicant_id!,
        offer_id: app.offer_id,
        subsidiary_id: app.subsidiary_id ?? null,
        process_id: processId,
        status_id: await config.systemStatusId(company.id, plan.status),
        start_date: plan.start,
        manager_id: admin.id,
        address: '12 rue de la République, 69002 Lyon',
        first_day_contact: 'Accueil, 2e étage',
        created_by: recruiter.id,
      },
      tasks,
    );
    // A fresh seed sends nothing by itself (an empty outbox, no unread notice): the tasks already
    // past due were told to their owner when they fell due, and the identity document is
    // collected by hand on the first day (`document_request_id` 0, as for a new hire without an
    // e-mail address) rather than asked by e-mail at the worker's first sweep.
    await db
      .updateTable('onboarding_tasks')
      .set({ overdue_notified_at: new Date().toISOString() })
      .where('onboarding_id', '=', onboardingId)
      .where('due_date', '<', today)
      .execute();
    await db
      .updateTable('onboarding_tasks')
      .set({ document_request_id: 0 })
      .where('onboarding_id', '=', onboardingId)
      .where('kind', '=', 'document')
      .execute();
    if (plan.ticked) {
      const ticked = await db
        .selectFrom('onboarding_tasks')
        .select('id')
        .where('onboarding_id', '=', onboardingId)
        .where('kind', '=', 'task')
        .orderBy('position')
        .limit(plan.ticked)
        .execute();
      await db
        .updateTable('onboarding_tasks')
        .set({ done: true, done_at: new Date().toISOString(), done_by: admin.id })
        .where(
          'id',
          'in',
          ticked.map((t) => t.id),
        )
        .execute();
      await repo.refreshProgress(db, onboardingId);
    }
  }
}
