/** Every query of the mailings starts with this key. */
export const mailingsKey = ['mailings'] as const;

/** One mailing's progress, polled while it is written. */
export function mailingKey(id: number) {
  return [...mailingsKey, id] as const;
}
