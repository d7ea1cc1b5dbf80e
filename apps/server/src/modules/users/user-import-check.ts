import type { Language } from '@embauche/contracts/constants';
import {
  USER_EXPORT_LABELS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_GROUP_SEPARATOR,
  USER_IMPORT_REQUIRED,
  type TUserImportReport,
  type TUserImportRowError,
  type UserImportColumn,
} from '@embauche/contracts/user-import';
import { USER_GROUPS_MAX, ZUserForm } from '@embauche/contracts/users';
import { fieldErrors } from '../../platform/http/parse-body.ts';
import type { FieldErrors } from '../../platform/http/http-error.ts';
import type { UserFields } from './users.repository.ts';

/** A row ready to insert: the create form's fields and the groups' ids. */
export type ImportRow = { line: number; fields: UserFields; groupIds: number[] };

/** The company's names (lower-cased) and e-mails, against which rows are checked. */
export type ImportReferences = {
  roles: Map<string, number>;
  subsidiaries: Map<string, number>;
  groups: Map<string, number>;
  /** E-mails of the company's users, lower-cased. */
  emails: Set<string>;
  /** The company's default language (company settings): a row without a language gets it. */
  defaultLanguage: Language;
};

/** The file-level refusal: codes per field (`file`, or a missing column's name). */
export class ImportFileError extends Error {
  constructor(readonly errors: FieldErrors) {
    super('The file cannot be imported.');
  }
}

const key = (text: string) => text.trim().toLowerCase();

/** Header titles: our column names, and the export's titles in the four languages (re-import). */
const HEADERS = new Map<string, UserImportColumn>();
for (const column of USER_IMPORT_COLUMNS) {
  HEADERS.set(column, column);
  for (const labels of Object.values(USER_EXPORT_LABELS))
    HEADERS.set(key(labels.columns[column]), column);
}

const ZRowFields = ZUserForm.pick({ firstname: true, lastname: true, email: true, language: true });

function columnsOf(header: string[]): Map<UserImportColumn, number> {
  const columns = new Map<UserImportColumn, number>();
  header.forEach((title, index) => {
    const column = HEADERS.get(key(title.replace(/^\uFEFF/, '')));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = USER_IMPORT_REQUIRED.filter((c) => !columns.has(c));
  if (missing.length)
    throw new ImportFileError(Object.fromEntries(missing.map((c) => [c, ['missing_column']])));
  return columns;
}

/**
 * Checks every line of a file against the create form's rules and the company's references, and
 * reports each bad row with its line (the header is line 1) and codes per field. Blank lines are
 * skipped. The good rows come back ready to insert; an import runs only when there is no error.
 */
export function checkImportRows(
  cells: string[][],
  refs: ImportReferences,
): { report: TUserImportReport; rows: ImportRow[] } {
  const [header, ...lines] = cells;
  if (!header) throw new ImportFileError({ file: ['empty_file'] });
  const columns = columnsOf(header);
  const errors: TUserImportRowError[] = [];
  const rows: ImportRow[] = [];
  const seen = new Set<string>();
  let total = 0;
  lines.forEach((line, index) => {
    if (line.every((cell) => cell.trim() === '')) return;
    total++;
    const lineNo = index + 2;
    const cell = (c: UserImportColumn) => {
      const i = columns.get(c);
      return i === undefined ? '' : (line[i] ?? '').trim();
    };
    const bad: FieldErrors = {};
    const parsed = ZRowFields.safeParse({
      firstname: cell('firstname'),
      lastname: cell('lastname'),
      email: cell('email'),
      language: cell('language').toLowerCase(),
    });
    if (!parsed.success) Object.assign(bad, fieldErrors(parsed.error));
    // A language given but not ours: said plainly rather than the form's generic `invalid`.
    if (bad.language?.includes('invalid') && cell('language')) bad.language = ['unknown_language'];
    const email = key(cell('email'));
    if (!bad.email) {
      if (refs.emails.has(email)) bad.email = ['email_taken'];
      else if (seen.has(email)) bad.email = ['duplicate_in_file'];
    }
    if (email) seen.add(email);
    const role = cell('role');
    const roleId = refs.roles.get(key(role));
    if (!role) bad.role = ['field_required'];
    else if (roleId === undefined) bad.role = ['unknown_role'];
    const subsidiary = cell('subsidiary');
    const subsidiaryId = subsidiary ? refs.subsidiaries.get(key(subsidiary)) : null;
    if (subsidiaryId === undefined) bad.subsidiary = ['unknown_subsidiary'];
    const groupNames = [
      ...new Set(cell('groups').split(USER_IMPORT_GROUP_SEPARATOR).map(key).filter(Boolean)),
    ];
    const groupIds = groupNames.map((g) => refs.groups.get(g));
    if (groupIds.length > USER_GROUPS_MAX) bad.groups = [`max_items:${USER_GROUPS_MAX}`];
    else if (groupIds.some((g) => g === undefined)) bad.groups = ['unknown_group'];
    for (const [field, codes] of Object.entries(bad)) errors.push({ line: lineNo, field, codes });
    if (Object.keys(bad).length === 0 && parsed.success)
      rows.push({
        line: lineNo,
        fields: {
          ...parsed.data,
          language: parsed.data.language ?? refs.defaultLanguage,
          role_id: roleId!,
          subsidiary_id: subsidiaryId ?? null,
        },
        groupIds: groupIds as number[],
      });
  });
  if (total === 0) throw new ImportFileError({ file: ['empty_file'] });
  return { report: { total, valid: rows.length, errors }, rows };
}
