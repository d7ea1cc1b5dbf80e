import {
  FEED_CATEGORY_OF,
  type FeedKind,
  type TFeedEntry,
  type TFeedReply,
} from '@embauche/contracts/activity-feed';
import type { ActivityFeedRepository, EntryRow } from './activity-feed.repository.ts';
import type { FeedViewer } from './feed-visibility.ts';

type Details = Awaited<ReturnType<ActivityFeedRepository['details']>>;
type Person = { id: number; firstname: string; lastname: string; img_src: string | null };

/** The user ids an answer names (authors, editors, mentioned users, audiences). */
export function namedUsers(rows: EntryRow[], details: Details): number[] {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.author_user_id) ids.add(r.author_user_id);
    if (r.edited_by) ids.add(r.edited_by);
  }
  for (const a of details.audienceUsers) ids.add(a.user_id);
  for (const m of details.mentionUsers) ids.add(m.user_id);
  return [...ids];
}

function parseData(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Maps rows to answers. A reply shows its thread's privacy and audience (it has none of its own).
 * `can_edit` / `can_delete` are the viewer's rights: their own comment (a user by id, an outsider
 * by share), or any comment for an administrator (delete only).
 */
export function feedMapper(
  viewer: FeedViewer,
  details: Details,
  people: Person[],
  fileUrl: (id: number) => string = (id) => `/api/activity-feed/attachments/${id}`,
) {
  const person = new Map(people.map((p) => [p.id, p]));
  const plain = (id: number) => {
    const p = person.get(id);
    return p ? { id: p.id, firstname: p.firstname, lastname: p.lastname } : null;
  };
  const group = <T extends { entry_id: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) map.set(r.entry_id, [...(map.get(r.entry_id) ?? []), r]);
    return map;
  };
  const audienceUsers = group(details.audienceUsers);
  const audienceSubsidiaries = group(details.audienceSubsidiaries);
  const mentionUsers = group(details.mentionUsers);
  const mentionGroups = group(details.mentionGroups);
  const files = group(details.files);
  const people_ = (rows: { user_id: number }[] | undefined) =>
    (rows ?? []).flatMap((r) => {
      const p = plain(r.user_id);
      return p ? [p] : [];
    });

  const own = (r: EntryRow) =>
    r.kind === 'comment' &&
    (viewer.type === 'user'
      ? r.author_user_id === viewer.userId
      : r.outsider_share_key !== null && r.outsider_share_key === viewer.shareKey);

  const one = (r: EntryRow, root: EntryRow): TFeedReply => {
    const author = r.author_user_id ? person.get(r.author_user_id) : undefined;
    return {
      id: r.id,
      kind: r.kind as FeedKind,
      category: FEED_CATEGORY_OF[r.kind as FeedKind] ?? 'comments',
      offer_id: r.offer_id,
      applicant_id: r.applicant_id,
      parent_id: r.parent_id,
      text: r.text,
      data: parseData(r.data),
      author: author
        ? {
            type: 'user',
            id: author.id,
            firstname: author.firstname,
            lastname: author.lastname,
            img_src: author.img_src,
          }
        : r.outsider_name !== null
          ? { type: 'outsider', name: r.outsider_name }
          : null,
      is_private: Boolean(root.is_private),
      audience: {
        users: people_(audienceUsers.get(root.id)),
        subsidiaries: (audienceSubsidiaries.get(root.id) ?? []).map((s) => ({
          id: s.id,
          name: s.name,
        })),
      },
      mentions: {
        users: people_(mentionUsers.get(r.id)),
        groups: (mentionGroups.get(r.id) ?? []).map((g) => ({ id: g.id, name: g.name })),
      },
      files: (files.get(r.id) ?? []).map((f) => ({
        id: f.id,
        filename: f.filename,
        mime: f.mime,
        size: f.size,
        url: fileUrl(f.id),
      })),
      source: r.source,
      created_at: r.created_at,
      edited_at: r.edited_at,
      edited_by: r.edited_by ? plain(r.edited_by) : null,
      can_edit: own(r),
      can_delete:
        r.kind === 'comment' && (own(r) || (viewer.type === 'user' && viewer.administrator)),
    };
  };

  return {
    thread(root: EntryRow, replies: EntryRow[]): TFeedEntry {
      return { ...one(root, root), replies: replies.map((r) => one(r, root)) };
    },
  };
}
