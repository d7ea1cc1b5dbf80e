/**
 * The unsent text of each conversation, kept while the user goes from one to another (for the
 * page's life); cleared once sent (spec 4 "The unsaved draft is cleared after sending").
 */
const drafts = new Map<string, string>();

export function draftKey(applicantId: number, applicationId: number): string {
  return `${applicantId}:${applicationId}`;
}

export function readDraft(key: string): string {
  return drafts.get(key) ?? '';
}

export function saveDraft(key: string, text: string): void {
  if (text) drafts.set(key, text);
  else drafts.delete(key);
}

/** Forgets every draft (tests; a new session). */
export function clearDrafts(): void {
  drafts.clear();
}
