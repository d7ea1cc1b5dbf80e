/** Who a private comment is for besides its author: nobody else (`self`), users, subsidiaries. */
export type FeedPrivacy = { self: boolean; users: number[]; subsidiaries: number[] };

export const PUBLIC: FeedPrivacy = { self: false, users: [], subsidiaries: [] };

export function isPrivate(privacy: FeedPrivacy): boolean {
  return privacy.self || privacy.users.length > 0 || privacy.subsidiaries.length > 0;
}

/** What the composer sends (spec 3 "Activity feed comment payload"). */
export type FeedCommentInput = {
  text: string;
  mentions: { users: number[]; group: number[] };
  /** Left out of an edit or a reply: the server keeps the comment's (or its thread's) audience. */
  privacy?: FeedPrivacy;
  edit_id?: number;
  parent_id?: number;
  source?: string;
  files: File[];
};

/** The multipart body, with the spec's field names (`mentions[users][0]`, `is_private[self]`, `files[0]`…). */
export function feedFormData(input: FeedCommentInput): FormData {
  const body = new FormData();
  body.append('text', input.text);
  input.mentions.users.forEach((id, i) => body.append(`mentions[users][${i}]`, String(id)));
  input.mentions.group.forEach((id, i) => body.append(`mentions[group][${i}]`, String(id)));
  // An empty list is sent as such, so that an edit can take every mention away.
  if (input.mentions.users.length === 0 && input.mentions.group.length === 0) body.append('mentions[users]', '');
  if (input.privacy) {
    const privacy = input.privacy;
    // A private comment for nobody else than its author is `self`.
    const self = privacy.self || (isPrivate(privacy) && privacy.users.length === 0 && privacy.subsidiaries.length === 0);
    body.append('is_private[self]', self ? '1' : '0');
    privacy.users.forEach((id, i) => body.append(`is_private[users][${i}]`, String(id)));
    privacy.subsidiaries.forEach((id, i) => body.append(`is_private[subsidiaries][${i}]`, String(id)));
  }
  if (input.edit_id !== undefined) body.append('edit_id', String(input.edit_id));
  if (input.parent_id !== undefined) body.append('parent_id', String(input.parent_id));
  if (input.source) body.append('source', input.source);
  input.files.forEach((file, i) => body.append(`files[${i}]`, file, file.name));
  return body;
}
