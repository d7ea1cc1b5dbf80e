import type { TStatus } from '@embauche/contracts/applications';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type {
  TMotifSetting,
  TStatusSetting,
  TWorkflow,
  TWorkflowAssignment,
  TWorkflowAssignmentFilters,
  TWorkflowFormValues,
} from '@embauche/contracts/workflows';
import { STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { MotifRow, StatusRow, WorkflowsRepository } from './workflows.repository.ts';

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The status as lists and boards show it: a renamed default status shows as its company's name. */
function shownStatus(s: StatusRow, position: number): TStatus {
  return s.label
    ? { id: s.id, name: s.label, default_status: false, position, color: s.color }
    : { id: s.id, name: s.name, default_status: s.default_status, position, color: s.color };
}

function shownMotif(m: MotifRow) {
  return m.label
    ? { id: m.id, name: m.label, default_motif: false, status_id: m.status_id }
    : { id: m.id, name: m.name, default_motif: m.default_motif, status_id: m.status_id };
}

const DEFAULT_WORKFLOW_NAME = 'Workflow';

/**
 * Workflows, statuses and motifs of the company (issue 17; contracts/workflows.ts documents the
 * calls). Also what the applications module asks: the statuses an offer's board shows.
 */
export class WorkflowsService {
  constructor(private readonly repo: WorkflowsRepository) {}

  /** The company's default workflow id; made from the defaults then its own statuses if missing. */
  private async defaultWorkflowId(companyId: number): Promise<number> {
    const id = await this.repo.defaultWorkflowId(companyId);
    if (id !== null) return id;
    const statuses = await this.repo.statuses(companyId);
    try {
      return await this.repo.saveWorkflow(
        companyId,
        null,
        { name: DEFAULT_WORKFLOW_NAME, status_ids: statuses.map((s) => s.id), is_default: true },
        nowIso(),
      );
    } catch (err) {
      // Two first reads at once: the other one made it.
      if (!isUniqueViolation(err)) throw err;
      return (await this.repo.defaultWorkflowId(companyId))!;
    }
  }

  /**
   * The statuses of a workflow as boards and pickers show them, in order, hidden ones left out
   * (but those still held on the offer, when `keep` says which).
   */
  private async workflowStatuses(companyId: number, workflowId: number, keep?: Set<number>) {
    const [ids, statuses] = await Promise.all([
      this.repo.workflowStatusIds(companyId, workflowId),
      this.repo.statuses(companyId),
    ]);
    const byId = new Map(statuses.map((s) => [s.id, s]));
    return ids
      .map((id) => byId.get(id))
      .filter((s): s is StatusRow => s !== undefined && (!s.hidden || keep?.has(s.id) === true))
      .map((s, i) => shownStatus(s, i + 1));
  }

  /** The workflow an offer follows: its own, its project's, or the company's default. */
  async offerStatuses(companyId: number, offerId: number, held?: Set<number>): Promise<TStatus[]> {
    const chosen = await this.repo.offerWorkflowId(companyId, offerId);
    return this.workflowStatuses(
      companyId,
      chosen ?? (await this.defaultWorkflowId(companyId)),
      held,
    );
  }

  /**
   * Every visible status of the company: the default workflow's in order, then the others (the
   * filters and pickers that span offers).
   */
  async companyStatuses(companyId: number): Promise<TStatus[]> {
    const shown = await this.workflowStatuses(companyId, await this.defaultWorkflowId(companyId));
    const seen = new Set(shown.map((s) => s.id));
    const others = (await this.repo.statuses(companyId)).filter(
      (s) => !s.hidden && !seen.has(s.id),
    );
    return [...shown, ...others.map((s, i) => shownStatus(s, shown.length + i + 1))];
  }

  /** Every status id of the company, hidden ones too (a status change may name any). */
  async statusIds(companyId: number): Promise<Set<number>> {
    return new Set((await this.repo.statuses(companyId)).map((s) => s.id));
  }

  /** The visible motifs as pickers show them. */
  async visibleMotifs(companyId: number) {
    return (await this.repo.motifs(companyId)).filter((m) => !m.hidden).map(shownMotif);
  }

  /** The shown name of every status and motif of the company (cards and badges). */
  async names(companyId: number) {
    const [statuses, motifs] = await Promise.all([
      this.repo.statuses(companyId),
      this.repo.motifs(companyId),
    ]);
    return {
      statuses: new Map(statuses.map((s) => [s.id, shownStatus(s, 0)])),
      motifs: new Map(motifs.map((m) => [m.id, shownMotif(m)])),
    };
  }

  // config.status

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
    const workflowId = await this.defaultWorkflowId(auth.companyId);
    const id = await this.repo.insertStatus(auth.companyId, form.name, nowIso());
    if (form.color)
      await this.repo.saveStatusSetting(auth.companyId, id, {
        name: null,
        color: form.color,
        hidden: false,
      });
    await this.repo.appendStatus(auth.companyId, workflowId, id);
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
    if (statusId !== null && !(await this.statusIds(auth.companyId)).has(statusId))
      throw validationFailed({ status_id: ['invalid'] });
    const id = await this.repo.insertMotif(auth.companyId, form.name, statusId, nowIso());
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
  }

  // config.workflow

  async list(auth: AuthContext): Promise<TWorkflow[]> {
    await this.defaultWorkflowId(auth.companyId);
    const rows = await this.repo.workflows(auth.companyId);
    return rows.sort(
      (a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name),
    );
  }

  async get(auth: AuthContext, id: number): Promise<TWorkflow> {
    const found = (await this.list(auth)).find((w) => w.id === id);
    if (!found) throw notFound('Workflow');
    return found;
  }

  private async checkForm(auth: AuthContext, form: TWorkflowFormValues, exceptId?: number) {
    const known = await this.statusIds(auth.companyId);
    if (form.status_ids.some((id) => !known.has(id)))
      throw validationFailed({ status_ids: ['invalid'] });
    if (await this.repo.nameTaken(auth.companyId, form.name, exceptId))
      throw validationFailed({ name: ['not_unique'] });
  }

  private async write(act: () => Promise<number>) {
    try {
      return await act();
    } catch (err) {
      if (isUniqueViolation(err)) throw validationFailed({ name: ['not_unique'] });
      throw err;
    }
  }

  async create(auth: AuthContext, form: TWorkflowFormValues): Promise<TWorkflow> {
    await this.defaultWorkflowId(auth.companyId);
    await this.checkForm(auth, form);
    const id = await this.write(() =>
      this.repo.saveWorkflow(
        auth.companyId,
        null,
        { ...form, is_default: form.is_default ?? false },
        nowIso(),
      ),
    );
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, form: TWorkflowFormValues): Promise<TWorkflow> {
    const current = await this.get(auth, id);
    await this.checkForm(auth, form, id);
    // The default stays one until another is chosen.
    if (current.is_default && form.is_default === false)
      throw validationFailed({ is_default: ['invalid'] });
    await this.write(() =>
      this.repo.saveWorkflow(
        auth.companyId,
        id,
        { ...form, is_default: current.is_default || form.is_default === true },
        nowIso(),
      ),
    );
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number) {
    const current = await this.get(auth, id);
    if (current.is_default)
      throw new HttpError(409, 'The default workflow cannot be deleted.', ERROR_CODES.conflict, {
        workflow: ['workflow_is_default'],
      });
    await this.repo.deleteWorkflow(auth.companyId, id);
  }

  /** One page of the company's projects or open offers with their chosen workflow. */
  assignments(auth: AuthContext, filters: TWorkflowAssignmentFilters) {
    return this.repo.assignments(auth.companyId, filters);
  }

  async assign(auth: AuthContext, body: TWorkflowAssignment) {
    if (body.workflow_id !== null) {
      const workflows = await this.repo.workflows(auth.companyId);
      if (!workflows.some((w) => w.id === body.workflow_id))
        throw validationFailed({ workflow_id: ['invalid'] });
    }
    if (!(await this.repo.assign(auth.companyId, body.kind, body.id, body.workflow_id)))
      throw validationFailed({ id: ['invalid'] });
  }
}
