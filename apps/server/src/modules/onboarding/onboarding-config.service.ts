import type {
  TOnboardingProcess,
  TOnboardingProcessInput,
  TOnboardingStatus,
  TOnboardingSystemStatus,
  ZOnboardingStatusUpdate,
} from '@embauche/contracts/onboarding';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { OnboardingConfigRepository } from './onboarding-config.repository.ts';
import type { Trx } from './onboarding.repository.ts';

type StatusUpdate = z.output<typeof ZOnboardingStatusUpdate>;

const name = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim();

/**
 * Onboarding's configuration (issue 41, contracts/onboarding.ts, docs/onboarding.md): the
 * company's processes (`config.onboarding`; the active ones read to start an onboarding) and its
 * onboarding statuses. The onboardings themselves: onboarding.service.ts.
 */
export class OnboardingConfigService {
  constructor(readonly repo: OnboardingConfigRepository) {}

  /** The processes a user may read: all with config.onboarding, the active ones to start one with. */
  async processesFor(auth: AuthContext): Promise<TOnboardingProcess[]> {
    if (auth.permissions.has('config.onboarding')) return this.processes(auth.companyId);
    if (!auth.permissions.has('onboarding.access')) return [];
    return (await this.processes(auth.companyId)).filter((p) => p.active);
  }

  async processes(companyId: number, ids?: number[]): Promise<TOnboardingProcess[]> {
    const rows = await this.repo.processes(companyId, ids);
    const steps = await this.repo.steps(
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      active: Boolean(p.active),
      onboarding_count: Number(p.onboarding_count ?? 0),
      updated_at: p.updated_at,
      steps: steps
        .filter((s) => s.process_id === p.id)
        .map((s) => ({
          id: s.id,
          title: s.title,
          kind: s.kind as TOnboardingProcess['steps'][number]['kind'],
          responsible: {
            type: s.responsible_type as TOnboardingProcess['steps'][number]['responsible']['type'],
            id: s.responsible_id,
            name:
              s.responsible_type === 'user'
                ? s.firstname !== null
                  ? name(s.firstname, s.lastname)
                  : null
                : s.responsible_type === 'group'
                  ? s.group_name
                  : s.responsible_type === 'role'
                    ? s.role_name
                    : null,
          },
          due_days: s.due_days,
          document_name: s.document_name,
          mail_model_id: s.mail_model_id,
          position: s.position,
        })),
    }));
  }

  async process(companyId: number, id: number): Promise<TOnboardingProcess> {
    const [row] = await this.processes(companyId, [id]);
    if (!row) throw notFound('Onboarding process');
    return row;
  }

  /** Checks the steps' people, groups, roles and e-mail models belong to the company (422 otherwise). */
  private async checkSteps(companyId: number, input: TOnboardingProcessInput) {
    const errors: Record<string, string[]> = {};
    const tables = { user: 'users', group: 'user_groups', role: 'roles' } as const;
    for (const [i, s] of input.steps.entries()) {
      const type = s.responsible.type;
      if ((type === 'user' || type === 'group' || type === 'role') && s.responsible.id) {
        if (!(await this.repo.exists(companyId, tables[type], s.responsible.id)))
          errors[`steps.${i}.responsible.id`] = [type === 'user' ? 'unknown_user' : 'invalid'];
      }
      if (
        s.kind === 'email' &&
        s.mail_model_id &&
        !(await this.repo.onboardingModel(companyId, s.mail_model_id))
      )
        errors[`steps.${i}.mail_model_id`] = ['invalid'];
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  private stepRows(input: TOnboardingProcessInput) {
    return input.steps.map((s) => ({
      id: s.id,
      title: s.title,
      kind: s.kind,
      responsible_type: s.responsible.type,
      responsible_id:
        s.responsible.type === 'manager' || s.responsible.type === 'recruiter'
          ? null
          : (s.responsible.id ?? null),
      due_days: s.due_days,
      document_name: s.kind === 'document' ? (s.document_name ?? null) : null,
      mail_model_id: s.kind === 'email' ? (s.mail_model_id ?? null) : null,
    }));
  }

  async createProcess(companyId: number, input: TOnboardingProcessInput) {
    await this.checkSteps(companyId, input);
    const id = await this.repo.transaction(async (trx) => {
      const id = await this.repo.insertProcess(trx, companyId, input.name, input.active);
      await this.repo.replaceSteps(trx, companyId, id, this.stepRows(input));
      return id;
    });
    return this.process(companyId, id);
  }

  async updateProcess(companyId: number, id: number, input: TOnboardingProcessInput) {
    await this.process(companyId, id);
    await this.checkSteps(companyId, input);
    await this.repo.transaction(async (trx) => {
      await this.repo.updateProcess(trx, companyId, id, input.name, input.active);
      await this.repo.replaceSteps(trx, companyId, id, this.stepRows(input));
    });
    return this.process(companyId, id);
  }

  async deleteProcess(companyId: number, id: number) {
    if (!(await this.repo.deleteProcess(companyId, id))) throw notFound('Onboarding process');
  }

  // ---- statuses ---------------------------------------------------------------------------

  async statuses(companyId: number): Promise<TOnboardingStatus[]> {
    await this.repo.ensureStatuses(companyId);
    return (await this.repo.statuses(companyId)).map((s) => ({
      id: s.id,
      system_key: s.system_key as TOnboardingSystemStatus | null,
      name: s.name,
      position: s.position,
      onboarding_count: Number(s.onboarding_count ?? 0),
    }));
  }

  /** A status with the company's others (404 when it is not the company's). */
  async status(companyId: number, id: number) {
    const all = await this.statuses(companyId);
    const row = all.find((s) => s.id === id);
    if (!row) throw notFound('Onboarding status');
    return { row, all };
  }

  async createStatus(companyId: number, statusName: string) {
    const all = await this.statuses(companyId);
    const id = await this.repo.insertStatus(
      companyId,
      statusName,
      Math.max(-1, ...all.map((s) => s.position)) + 1,
    );
    return (await this.status(companyId, id)).row;
  }

  async updateStatus(companyId: number, id: number, input: StatusUpdate) {
    const { row, all } = await this.status(companyId, id);
    if (input.name !== undefined) {
      const value = input.name?.trim() || null;
      if (!value && row.system_key === null) throw validationFailed({ name: ['field_required'] });
      await this.repo.setStatusName(companyId, id, value);
    }
    if (input.position !== undefined) {
      const order = all.map((s) => s.id).filter((s) => s !== id);
      order.splice(Math.min(input.position, order.length), 0, id);
      await this.repo.orderStatuses(companyId, order);
    }
    return (await this.status(companyId, id)).row;
  }

  async deleteStatus(companyId: number, id: number) {
    const { row } = await this.status(companyId, id);
    if (row.system_key)
      throw conflict(
        'A system onboarding status is not deleted.',
        'onboarding_status_not_deletable',
      );
    if (row.onboarding_count > 0)
      throw conflict('Onboardings hold this status.', 'onboarding_status_in_use');
    await this.repo.deleteStatus(companyId, id);
  }

  /** A system status's id (the statuses written first when missing; inside `trx` they exist). */
  systemStatusId(companyId: number, key: TOnboardingSystemStatus, trx?: Trx): Promise<number> {
    return this.repo.systemStatusId(companyId, key, trx);
  }
}
