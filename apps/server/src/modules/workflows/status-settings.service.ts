import { ERROR_CODES } from '@embauche/contracts/errors';
import { STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { TMotifSetting, TStatusSetting } from '@embauche/contracts/workflows';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { MotifRow, StatusRow, WorkflowsRepository } from './workflows.repository.ts';
import type { WorkflowsService } from './workflows.service.ts';

/** The colour and visibility a settings change sent (left out when not sent). */
function changed(form: { color?: string | null; hidden?: boolean }) {
  return {
    ...(form.color !== undefined ? { color: form.color } : {}),
    ...(form.hidden !== undefined ? { hidden: form.hidden } : {}),
  };
}

/**
 * The config page `status` (`config.status`, contracts/workflows.ts): the company's statuses (names,
 * colours, hidden or not) and their motifs, each change audited.
 */
export class StatusSettingsService {
  constructor(
    private readonly repo: WorkflowsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
    private readonly workflows: WorkflowsService,
  ) {}

  async statusSettings(auth: AuthContext): Promise<TStatusSetting[]> {
    const { companyId } = auth;
    const [statuses, motifs, statusCounts, motifCounts] = await Promise.all([
      this.repo.statuses(companyId),
      this.repo.motifs(companyId),
      this.repo.countsBy(companyId, 'status_id'),
      this.repo.countsBy(companyId, 'motif_id'),
    ]);
    return statuses.map((s) => this.statusSetting(s, motifs, statusCounts, motifCounts));
  }

  private statusSetting(
    s: StatusRow,
    motifs: MotifRow[],
    statusCounts: Map<number, number>,
    motifCounts: Map<number, number>,
  ): TStatusSetting {
    const needsMotif = STATUSES_NEEDING_MOTIF.includes(s.id);
    return {
      id: s.id,
      name: s.name,
      default_status: s.default_status,
      label: s.label,
      color: s.color,
      hidden: s.hidden,
      application_count: statusCounts.get(s.id) ?? 0,
      motifs: motifs
        .filter((m) => m.status_id === s.id || (m.status_id === null && needsMotif))
        .map((m) => this.motifSetting(m, motifCounts)),
    };
  }

  private motifSetting(m: MotifRow, counts: Map<number, number>): TMotifSetting {
    return {
      id: m.id,
      name: m.name,
      default_motif: m.default_motif,
      label: m.label,
      status_id: m.status_id,
      hidden: m.hidden,
      application_count: counts.get(m.id) ?? 0,
    };
  }

  private async statusSettingOf(auth: AuthContext, id: number) {
    const found = (await this.statusSettings(auth)).find((s) => s.id === id);
    if (!found) throw notFound('Status');
    return found;
  }

  async createStatus(auth: AuthContext, form: { name: string; color?: string | null }) {
    // The default workflow first: made now, it would already hold the new status.
    const workflowId = await this.workflows.defaultWorkflowId(auth.companyId);
    const id = await this.repo.insertStatus(auth.companyId, form.name, nowIso());
    if (form.color)
      await this.repo.saveStatusSetting(auth.companyId, id, {
        name: null,
        color: form.color,
        hidden: false,
      });
    await this.repo.appendStatus(auth.companyId, workflowId, id);
    await this.audit.record(
      auth,
      'status.created',
      { type: 'status', id },
      { name: form.name, color: form.color ?? null },
    );
    return this.statusSettingOf(auth, id);
  }

  async updateStatus(
    auth: AuthContext,
    id: number,
    form: { name?: string | null; color?: string | null; hidden?: boolean },
  ) {
    const status = (await this.repo.statuses(auth.companyId)).find((s) => s.id === id);
    if (!status) throw notFound('Status');
    const name = form.name === undefined ? undefined : form.name?.trim() || null;
    if (!status.default_status && name === null)
      throw validationFailed({ name: ['field_required'] });
    if (!status.default_status && name) await this.repo.renameOwnStatus(auth.companyId, id, name);
    await this.repo.saveStatusSetting(auth.companyId, id, {
      // A default status keeps its global row: the company's own name is its setting.
      name: status.default_status ? (name === undefined ? status.label : name) : null,
      color: form.color === undefined ? status.color : form.color,
      hidden: form.hidden ?? status.hidden,
    });
    await this.audit.record(
      auth,
      'status.updated',
      { type: 'status', id },
      {
        ...(name !== undefined ? { name, previous_name: status.label ?? status.name } : {}),
        ...changed(form),
      },
    );
    return this.statusSettingOf(auth, id);
  }

  async deleteStatus(auth: AuthContext, id: number) {
    const status = (await this.repo.statuses(auth.companyId)).find((s) => s.id === id);
    if (!status) throw notFound('Status');
    if (status.company_id === null)
      throw new HttpError(409, 'A default status cannot be deleted.', ERROR_CODES.conflict, {
        status: ['status_not_deletable'],
      });
    const count = await this.repo.countHolding(auth.companyId, 'status_id', id);
    if (count > 0)
      throw new HttpError(
        409,
        `The status is held by ${count} application(s).`,
        ERROR_CODES.statusInUse,
        { status: [`status_in_use:${count}`] },
      );
    await this.repo.deleteOwnStatus(auth.companyId, id);
    await this.audit.record(auth, 'status.deleted', { type: 'status', id }, { name: status.name });
  }

  private async motifSettingOf(auth: AuthContext, id: number) {
    const [motifs, counts] = await Promise.all([
      this.repo.motifs(auth.companyId),
      this.repo.countsBy(auth.companyId, 'motif_id'),
    ]);
    const motif = motifs.find((m) => m.id === id);
    if (!motif) throw notFound('Motif');
    return this.motifSetting(motif, counts);
  }

  async createMotif(auth: AuthContext, form: { name: string; status_id?: number | null }) {
    const statusId = form.status_id ?? null;
    if (statusId !== null && !(await this.workflows.statusIds(auth.companyId)).has(statusId))
      throw validationFailed({ status_id: ['invalid'] });
    const id = await this.repo.insertMotif(auth.companyId, form.name, statusId, nowIso());
    await this.audit.record(
      auth,
      'motif.created',
      { type: 'motif', id },
      { name: form.name, status_id: statusId },
    );
    return this.motifSettingOf(auth, id);
  }

  async updateMotif(
    auth: AuthContext,
    id: number,
    form: { name?: string | null; hidden?: boolean },
  ) {
    const motif = (await this.repo.motifs(auth.companyId)).find((m) => m.id === id);
    if (!motif) throw notFound('Motif');
    const name = form.name === undefined ? undefined : form.name?.trim() || null;
    if (motif.company_id === null) {
      await this.repo.saveMotifSetting(auth.companyId, id, {
        name: name === undefined ? motif.label : name,
        hidden: form.hidden ?? motif.hidden,
      });
    } else {
      if (name === null) throw validationFailed({ name: ['field_required'] });
      await this.repo.updateOwnMotif(auth.companyId, id, {
        name: name ?? motif.name,
        hidden: form.hidden ?? motif.hidden,
      });
    }
    await this.audit.record(
      auth,
      'motif.updated',
      { type: 'motif', id },
      {
        ...(name !== undefined ? { name, previous_name: motif.label ?? motif.name } : {}),
        ...changed(form),
      },
    );
    return this.motifSettingOf(auth, id);
  }

  async deleteMotif(auth: AuthContext, id: number) {
    const motif = (await this.repo.motifs(auth.companyId)).find((m) => m.id === id);
    if (!motif) throw notFound('Motif');
    if (motif.company_id === null)
      throw new HttpError(409, 'A default motif cannot be deleted.', ERROR_CODES.conflict, {
        motif: ['motif_not_deletable'],
      });
    const count = await this.repo.countHolding(auth.companyId, 'motif_id', id);
    if (count > 0)
      throw new HttpError(
        409,
        `The motif is held by ${count} application(s).`,
        ERROR_CODES.motifInUse,
        { motif: [`motif_in_use:${count}`] },
      );
    await this.repo.deleteOwnMotif(auth.companyId, id);
    await this.audit.record(auth, 'motif.deleted', { type: 'motif', id }, { name: motif.name });
  }
}
