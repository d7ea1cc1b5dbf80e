import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A member of a company's talent community (0044, modules/community). */
export interface CommunityMembersTable {
  id: Generated<number>;
  company_id: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  language: string;
  cv_key: string | null;
  cv_filename: string | null;
  cv_mime: string | null;
  cv_text: string | null;
  /** Folded names, e-mail, phone and CV text: what the area's search matches. */
  search_text: string;
  notice_language: string;
  notice_version: number;
  consented_at: Timestamp;
  consent_ip: string | null;
  retention_until: Timestamp;
  unsubscribed_at: Timestamp | null;
  applicant_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The subsidiaries a member is interested in (0044). */
export interface CommunityMemberInterestsTable {
  member_id: number;
  company_id: number;
  subsidiary_id: number;
}

/** The hashed token of each e-mail's leave / erase link (0044). */
export interface CommunityMemberTokensTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  created_at: Timestamp;
}

/** The talent community. */
export interface CommunityTables {
  community_members: CommunityMembersTable;
  community_member_interests: CommunityMemberInterestsTable;
  community_member_tokens: CommunityMemberTokensTable;
}
