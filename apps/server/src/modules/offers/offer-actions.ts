import type { OfferActionFailure, TArchiveRequest } from '@embauche/contracts/offers';
import type { OfferValues } from './offers.repository.ts';

export type OfferAction = 'publish' | 'unpublish' | 'archive' | 'draft' | 'move';
export type OfferState = { id: number; status: string; archived: boolean; project_id: number };
export type ActionInput = { archive?: TArchiveRequest; targetProject?: number };

/**
 * The offer life cycle (DESIGN section 9): draft → published ⇄ unpublished; archiving takes an
 * offer off-line with a reason; "archive as draft" (`draft`) sends any offer back to the drafts,
 * out of the archive. Answers why the action cannot apply, or null.
 */
export function refusal(
  action: OfferAction,
  o: OfferState,
  input: ActionInput,
): OfferActionFailure | null {
  switch (action) {
    case 'publish':
      if (o.archived) return 'archived';
      return o.status === 'published' ? 'already_published' : null;
    case 'unpublish':
      if (o.archived) return 'archived';
      return o.status === 'published' ? null : 'not_published';
    case 'archive':
      return o.archived ? 'already_archived' : null;
    case 'draft':
      return o.status === 'draft' && !o.archived ? 'already_draft' : null;
    case 'move':
      return o.project_id === input.targetProject ? 'already_in_project' : null;
  }
}

/** The columns the action writes on one offer. */
export function changes(
  action: OfferAction,
  o: OfferState,
  input: ActionInput,
  now: string,
): OfferValues {
  switch (action) {
    case 'publish':
      return { status: 'published', published_at: now };
    case 'unpublish':
      return { status: 'unpublished' };
    case 'archive':
      return {
        archived: true,
        archived_reason: input.archive?.reason ?? 'other',
        archived_comment: input.archive?.comment ?? null,
        archived_at: now,
        ...(o.status === 'published' ? { status: 'unpublished' } : {}),
      };
    case 'draft':
      return {
        status: 'draft',
        archived: false,
        archived_reason: null,
        archived_comment: null,
        archived_at: null,
      };
    case 'move':
      return { project_id: input.targetProject! };
  }
}

/** Whether the offer's job-board postings go on-line (true), off-line (false) or stay (null). */
export function postingsOnline(action: OfferAction, before: OfferState): boolean | null {
  if (action === 'publish') return true;
  if (action === 'move') return null;
  return before.status === 'published' && !before.archived ? false : null;
}
