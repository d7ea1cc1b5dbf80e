/**
 * What turns the ids `before` into the ids `after`: `added` (in `after` only, in its order) and
 * `removed` (in `before` only, in its order). Setting a whole list (a group's members, a
 * subsidiary's users) writes and audits just these.
 */
export function idDifference(
  before: readonly number[],
  after: readonly number[],
): { added: number[]; removed: number[] } {
  const had = new Set(before);
  const wanted = new Set(after);
  return {
    added: [...wanted].filter((id) => !had.has(id)),
    removed: [...new Set(before)].filter((id) => !wanted.has(id)),
  };
}
