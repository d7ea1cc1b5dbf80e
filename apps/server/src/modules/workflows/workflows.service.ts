import type { TStatus } from '@embauche/contracts/applications';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type {
  TWorkflow,
  TWorkflowAssignment,
  TWorkflowAssignmentFilters,
  TWorkflowFormValues,
} from '@embauche/contracts/workflows';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-name.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { MotifRow, StatusRow, WorkflowsRepository } from './workflows.repository.ts';

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

/** A workflow's statuses: those pickers offer (in order, hidden ones left out) and every id it holds. */
export type WorkflowStatuses = { statuses: TStatus[]; ids: Set<number> };

/**
 * Workflows of the company (issue 17; contracts/workflows.ts documents the calls; the status page's
 * calls are status-settings.service.ts). Also what the applications module asks: the statuses an
 * offer's board and the pickers show, and those a status change may name.
 */
export class WorkflowsService {
  constructor(
    private readonly repo: WorkflowsRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  /** The company's default workflow id; made from the defaults then its own statuses if missing. */
  async defaultWorkflowId(companyId: number): Promise<number> {
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
   * The workflow statuses of several offers of the company at once (three or four queries, whatever
   * their number): keyed by offer id, and by `null` (the default workflow, that spontaneous
   * applications follow). Offers the company does not hold are left out.
   */
  async offersWorkflowStatuses(
    companyId: number,
    offerIds: number[],
  ): Promise<Map<number | null, WorkflowStatuses>> {
    const [chosen, statuses, defaultId] = await Promise.all([
      this.repo.offersWorkflowIds(companyId, [...new Set(offerIds)]),
      this.repo.statuses(companyId),
      this.defaultWorkflowId(companyId),
    ]);
    const workflowIds = new Set([defaultId, ...[...chosen.values()].map((id) => id ?? defaultId)]);
    const ids = await this.repo.workflowsStatusIds(companyId, [...workflowIds]);
    const byId = new Map(statuses.map((s) => [s.id, s]));
    const shown = new Map<number, WorkflowStatuses>();
    for (const [workflowId, statusIds] of ids) {
      const visible = statusIds
        .map((id) => byId.get(id))
        .filter((s): s is StatusRow => s !== undefined && !s.hidden)
        .map((s, i) => shownStatus(s, i + 1));
      shown.set(workflowId, { statuses: visible, ids: new Set(statusIds) });
    }
    const result = new Map<number | null, WorkflowStatuses>([[null, shown.get(defaultId)!]]);
    for (const [offerId, workflowId] of chosen)
      result.set(offerId, shown.get(workflowId ?? defaultId)!);
    return result;
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
    await this.audit.record(
      auth,
      'workflow.created',
      { type: 'workflow', id },
      { name: form.name, status_ids: form.status_ids, is_default: form.is_default ?? false },
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
    await this.audit.record(
      auth,
      'workflow.updated',
      { type: 'workflow', id },
      {
        name: form.name,
        previous_name: current.name === form.name ? null : current.name,
        status_ids: form.status_ids,
        is_default: current.is_default || form.is_default === true,
      },
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
    await this.audit.record(
      auth,
      'workflow.deleted',
      { type: 'workflow', id },
      { name: current.name },
    );
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
    await this.audit.record(
      auth,
      'workflow.assigned',
      { type: body.kind, id: body.id },
      { workflow_id: body.workflow_id },
    );
  }
}
