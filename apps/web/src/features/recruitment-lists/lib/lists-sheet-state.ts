/**
 * Router state asking the header's recruitment-lists sheet to be open on arrival (after a list is
 * deleted from its own page, the user lands on the remaining lists). Wide screens only: narrower
 * ones have no sheet and just show the destination page.
 */
export const LISTS_SHEET_STATE = { sheet: 'recruitment-lists' } as const;

export function asksListsSheet(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sheet?: unknown }).sheet === LISTS_SHEET_STATE.sheet;
}
