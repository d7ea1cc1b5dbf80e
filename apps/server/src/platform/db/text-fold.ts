import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Dialect } from './database.ts';

/** Lower-case without accents: "Léa" and "LEA" are both "lea". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The SQLite function that folds like foldText (registered on every connection we open). */
export const SQLITE_FOLD_FUNCTION = 'embauche_fold';

type FunctionHost = {
  function(
    name: string,
    options: { deterministic: boolean },
    fn: (value: unknown) => unknown,
  ): unknown;
};

/** Registers `embauche_fold(text)` on a better-sqlite3 connection: foldText, null stays null. */
export function registerSqliteFold(sqlite: FunctionHost): void {
  sqlite.function(SQLITE_FOLD_FUNCTION, { deterministic: true }, (value) =>
    value === null || value === undefined ? null : foldText(String(value)),
  );
}

/**
 * PostgreSQL's `translate` pairs: every letter of Latin-1 and Latin Extended-A/B that foldText turns
 * into one other character (É → e, Œ → œ), so that the result does not depend on the database's
 * locale (lower() of a C-locale database leaves them); combining marks (U+0300–U+036F) are removed.
 */
const PG_TRANSLATE = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x24f; code++) {
    const ch = String.fromCharCode(code);
    const folded = foldText(ch);
    if (folded !== ch && [...folded].length === 1) {
      from += ch;
      to += folded;
    }
  }
  let marks = '';
  for (let code = 0x300; code <= 0x36f; code++) marks += String.fromCharCode(code);
  // Characters of `from` past the end of `to` are deleted by translate().
  return { from: from + marks, to };
})();

/**
 * `text` folded in SQL as foldText folds it in JavaScript: the registered function on SQLite (the
 * same code), `lower(translate(…))` on PostgreSQL (accents of Latin letters, then case).
 */
export function foldedSql(dialect: Dialect, text: Expression<string>): RawBuilder<string> {
  if (dialect === 'postgres')
    return sql<string>`lower(translate(${text}, ${PG_TRANSLATE.from}, ${PG_TRANSLATE.to}))`;
  return sql<string>`${sql.raw(SQLITE_FOLD_FUNCTION)}(${text})`;
}
