import {
  credentialFieldsOf,
  type TCompanyJobBoard,
  type TCompanyJobBoardUpdate,
} from '@embauche/contracts/job-boards';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { nowIso } from '../../platform/db/database.ts';
import { notFound, validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import type { JobBoardsRepository } from './job-boards.repository.ts';

/** Where a company's sealed credentials for a board live: a sealed value moved elsewhere does not open. */
export const credentialsContext = (companyId: number, boardId: number) =>
  `company_job_boards.credentials:${companyId}:${boardId}`;

/**
 * The job boards a company publishes to (issue 17 item 6, contracts/job-boards.ts). Credentials
 * are sealed at rest and write-only, as the SSO client secret is: answers only say whether some
 * are stored. The offers module asks which boards are enabled.
 */
export class JobBoardsService {
  constructor(
    private readonly repo: JobBoardsRepository,
    private readonly box: SecretBox,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async list(auth: AuthContext): Promise<TCompanyJobBoard[]> {
    const [boards, settings] = await Promise.all([
      this.repo.catalogue(),
      this.repo.settings(auth.companyId),
    ]);
    const byBoard = new Map(settings.map((s) => [s.job_board_id, s]));
    return boards.map((b) => {
      const s = byBoard.get(b.id);
      return {
        ...b,
        enabled: s?.enabled ?? true,
        credential_fields: [...credentialFieldsOf(b.slug)],
        has_credentials: Boolean(s?.credentials),
      };
    });
  }

  async update(
    auth: AuthContext,
    boardId: number,
    input: TCompanyJobBoardUpdate,
  ): Promise<TCompanyJobBoard> {
    const companyId = auth.companyId;
    const board = (await this.repo.catalogue()).find((b) => b.id === boardId);
    if (!board) throw notFound('Job board');
    const current = (await this.repo.settings(companyId)).find((s) => s.job_board_id === boardId);
    let credentials = current?.credentials ?? null;
    let change: 'kept' | 'replaced' | 'cleared' = 'kept';
    if (input.credentials === null) {
      credentials = null;
      change = 'cleared';
    } else if (input.credentials !== undefined) {
      const fields = credentialFieldsOf(board.slug);
      const errors: FieldErrors = {};
      const values: Record<string, string> = {};
      for (const field of fields) {
        const value = input.credentials[field];
        if (!value) errors[`credentials.${field}`] = ['field_required'];
        else values[field] = value;
      }
      if (Object.keys(errors).length) throw validationFailed(errors);
      credentials = fields.length
        ? this.box.seal(JSON.stringify(values), credentialsContext(companyId, boardId))
        : null;
      change = fields.length ? 'replaced' : 'kept';
    }
    await this.repo.save(companyId, boardId, { enabled: input.enabled, credentials }, nowIso());
    await this.audit.record(
      auth,
      'job_board.updated',
      { type: 'job_board', id: boardId },
      { enabled: input.enabled, credentials: change },
    );
    return (await this.list(auth)).find((b) => b.id === boardId)!;
  }

  /** The opened credentials of a board, for a publisher running on the server (never a response). */
  async credentialsOf(companyId: number, boardId: number): Promise<Record<string, string> | null> {
    const row = (await this.repo.settings(companyId)).find((s) => s.job_board_id === boardId);
    if (!row?.credentials) return null;
    return JSON.parse(
      this.box.open(row.credentials, credentialsContext(companyId, boardId)),
    ) as Record<string, string>;
  }

  /** Which of the catalogue's boards the company publishes to (a board never configured is on). */
  async enabledFilter(companyId: number): Promise<(boardId: number) => boolean> {
    const off = await this.repo.disabledIds(companyId);
    return (boardId) => !off.has(boardId);
  }
}
