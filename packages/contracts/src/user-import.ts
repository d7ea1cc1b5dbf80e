/**
 * Users export and import (issue 16 item 1; spec 7 "Users"). Every route needs `internal.users_list`.
 *
 *   GET  /api/users/export?format=csv|xlsx&lang&filter[…]  → the file (the list's filters apply):
 *        USER_EXPORT_COLUMNS with headers in the reader's language, formula-safe cells.
 *   POST /api/users/import?dry_run=true  multipart `file` (CSV or XLSX, USER_IMPORT_COLUMNS in the
 *        first line, in any order) → ZUserImportReport: every bad row with its line (the file's
 *        line, the header being line 1), the field and its codes.
 *   POST /api/users/import  (no dry run) → 202 ZUserImportStarted when every row is good (else 422
 *        with the report under `errors` as `{"line.field": codes}`); a background job creates all
 *        the users in one transaction, or none.
 *   GET  /api/users/imports/{id} → ZUserImport (another company's import: 404).
 *
 * 422/413 codes of the file itself (field `file`): `field_required` (no file), `file_too_large:{MB}`,
 * `file_type` (neither CSV nor XLSX), `file_unreadable` (damaged, too big once decompressed, too
 * slow to read), `max_rows:{n}`, `empty_file`; a required column missing: `missing_column` on
 * that column's name. Row codes are those of the create form (ZUserForm), plus `email_taken`,
 * `duplicate_in_file` (an e-mail on an earlier line), `unknown_role`, `unknown_subsidiary` and
 * `unknown_group` (a name the company has not; an archived subsidiary counts as unknown, as the
 * create form refuses it) and `unknown_language` (not one of LANGUAGES).
 */
import { z } from 'zod';
import type { Language } from './constants.ts';

export const USER_IMPORT_MAX_MB = 5;
export const USER_IMPORT_MAX_BYTES = USER_IMPORT_MAX_MB * 1024 * 1024;
export const USER_IMPORT_MAX_ROWS = 10_000;
/** Groups in one cell are separated by `;` or `,`. */
export const USER_IMPORT_GROUP_SEPARATOR = /[;,]/;

/** The import's columns (the header line names them); subsidiary and groups may be left out. */
export const USER_IMPORT_COLUMNS = [
  'firstname',
  'lastname',
  'email',
  'role',
  'language',
  'subsidiary',
  'groups',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
export const USER_IMPORT_REQUIRED: readonly UserImportColumn[] = [
  'firstname',
  'lastname',
  'email',
  'role',
  'language',
];

export const ZUserImportRowError = z.object({
  line: z.number().int(),
  field: z.string(),
  codes: z.array(z.string()),
});
export type TUserImportRowError = z.infer<typeof ZUserImportRowError>;

export const ZUserImportReport = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ZUserImportRowError),
});
export type TUserImportReport = z.infer<typeof ZUserImportReport>;

export const ZUserImportStarted = z.object({ id: z.number().int(), total: z.number().int() });
export type TUserImportStarted = z.infer<typeof ZUserImportStarted>;

export const USER_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type UserImportStatus = (typeof USER_IMPORT_STATUSES)[number];

export const ZUserImport = z.object({
  id: z.number().int(),
  status: z.enum(USER_IMPORT_STATUSES),
  total: z.number().int(),
  /** Rows written so far (equals `total` once done). */
  done: z.number().int(),
  /** Users created (0 unless done: the import is all or nothing). */
  created: z.number().int(),
  /** Why it failed (a failed import created nobody). */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type TUserImport = z.infer<typeof ZUserImport>;

export const ZUserImportQuery = z.object({
  dry_run: z.enum(['true', 'false', '1', '0']).optional(),
});

/** The export's columns, in their order. */
export const USER_EXPORT_COLUMNS = [
  'firstname',
  'lastname',
  'email',
  'role',
  'language',
  'subsidiary',
  'groups',
  'active',
  'last_login_at',
] as const;
export type UserExportColumn = (typeof USER_EXPORT_COLUMNS)[number];

export type UserExportLabels = {
  sheet: string;
  file: string;
  yes: string;
  no: string;
  columns: Record<UserExportColumn, string>;
};

/** What a users export writes as headers and yes/no, in the four languages. */
export const USER_EXPORT_LABELS: Record<Language, UserExportLabels> = {
  fr: {
    sheet: 'Utilisateurs',
    file: 'utilisateurs',
    yes: 'Oui',
    no: 'Non',
    columns: {
      firstname: 'Prénom',
      lastname: 'Nom',
      email: 'E-mail',
      role: 'Rôle',
      language: 'Langue',
      subsidiary: 'Filiale',
      groups: 'Groupes',
      active: 'Actif',
      last_login_at: 'Dernière connexion',
    },
  },
  en: {
    sheet: 'Users',
    file: 'users',
    yes: 'Yes',
    no: 'No',
    columns: {
      firstname: 'First name',
      lastname: 'Last name',
      email: 'E-mail',
      role: 'Role',
      language: 'Language',
      subsidiary: 'Subsidiary',
      groups: 'Groups',
      active: 'Active',
      last_login_at: 'Last sign-in',
    },
  },
  es: {
    sheet: 'Usuarios',
    file: 'usuarios',
    yes: 'Sí',
    no: 'No',
    columns: {
      firstname: 'Nombre',
      lastname: 'Apellido',
      email: 'Correo electrónico',
      role: 'Rol',
      language: 'Idioma',
      subsidiary: 'Filial',
      groups: 'Grupos',
      active: 'Activo',
      last_login_at: 'Último inicio de sesión',
    },
  },
  de: {
    sheet: 'Benutzer',
    file: 'benutzer',
    yes: 'Ja',
    no: 'Nein',
    columns: {
      firstname: 'Vorname',
      lastname: 'Nachname',
      email: 'E-Mail',
      role: 'Rolle',
      language: 'Sprache',
      subsidiary: 'Tochtergesellschaft',
      groups: 'Gruppen',
      active: 'Aktiv',
      last_login_at: 'Letzte Anmeldung',
    },
  },
};
