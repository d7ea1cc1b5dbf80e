import type { Language } from '@embauche/contracts/constants';
import { DEFAULT_TIME_ZONE } from '@embauche/contracts/export-labels';
import {
  USER_EXPORT_COLUMNS,
  USER_EXPORT_LABELS,
  type UserExportColumn,
  type UserExportLabels,
} from '@embauche/contracts/user-import';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { localDate } from '../../platform/export/local-date.ts';
import {
  spreadsheetFile,
  type Cell,
  type SpreadsheetFormat,
} from '../../platform/export/spreadsheet.ts';
import type {
  MembershipRow,
  UserRow,
  UserSelectionFilters,
  UsersRepository,
} from './users.repository.ts';

type Writer = { lang: Language; labels: UserExportLabels; timeZone: string };
type Item = { row: UserRow; groups: string };

const CELLS: Record<UserExportColumn, (u: Item, w: Writer) => Cell> = {
  firstname: ({ row }) => row.firstname,
  lastname: ({ row }) => row.lastname,
  email: ({ row }) => row.email,
  role: ({ row }) => row.role_name,
  language: ({ row }) => row.language,
  subsidiary: ({ row }) => row.subsidiary_name,
  // `;`-separated, as the import reads them back.
  groups: ({ groups }) => groups,
  active: ({ row }, w) => (row.active ? w.labels.yes : w.labels.no),
  last_login_at: ({ row }, w) => localDate(row.last_login_at, w.lang, w.timeZone),
};

export type UserExportFile = {
  filename: string;
  contentType: string;
  stream: NodeJS.ReadableStream;
};

/**
 * `GET /users/export`: the users that pass the list's filters (or the ticked ones, or all that
 * match less the unticked), in its order, as CSV or XLSX,
 * headers in the reader's language, cells formula-safe (platform/export/spreadsheet.ts), streamed
 * batch by batch. The columns are those the import reads, so an export can be imported elsewhere.
 */
export class UserExportService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly audit: Pick<AuditTrail, 'record'>,
    /** The company's time zone (company settings), in which dates become days. */
    private readonly timeZoneOf: (companyId: number) => Promise<string> = async () =>
      DEFAULT_TIME_ZONE,
  ) {}

  async file(
    auth: AuthContext,
    format: SpreadsheetFormat,
    /** The list's filters; `ids` (the ticked users) or `except` (all that match less those). */
    filters: UserSelectionFilters,
    lang: Language,
  ): Promise<UserExportFile> {
    const count = await this.repo.count(auth.companyId, filters);
    await this.audit.record(auth, 'export.users', null, { format, count });
    const timeZone = await this.timeZoneOf(auth.companyId);
    const writer: Writer = { lang, labels: USER_EXPORT_LABELS[lang], timeZone };
    const header = USER_EXPORT_COLUMNS.map((c) => writer.labels.columns[c]);
    const repo = this.repo;
    const companyId = auth.companyId;
    async function* rows() {
      for await (const batch of repo.batches(companyId, filters, 500)) {
        const groups = new Map<number, MembershipRow[]>();
        for (const m of await repo.memberships(batch.map((r) => r.id)))
          groups.set(m.user_id, [...(groups.get(m.user_id) ?? []), m]);
        for (const row of batch) {
          const item = { row, groups: (groups.get(row.id) ?? []).map((g) => g.name).join('; ') };
          yield USER_EXPORT_COLUMNS.map((c) => CELLS[c](item, writer));
        }
      }
    }
    return spreadsheetFile(format, writer.labels, { lang, timeZone }, header, rows());
  }
}
