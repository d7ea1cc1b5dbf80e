import type {
  TUser,
  TUserActivation,
  TUserChoices,
  TUserFormValues,
  TUserGroupLevel,
  TUserListFilters,
  TUserMail,
  TUserOption,
  TUserPage,
  TUserActivationResult,
  TUserActivationSkip,
  TUserSelection,
} from '@embauche/contracts/users';
import { USER_ACTIVATION_MAX, ZUserListQuery } from '@embauche/contracts/users';
import { DEFAULT_LANGUAGE, type Language } from '@embauche/contracts/constants';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { SessionsService } from '../../platform/auth/sessions.service.ts';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { SubsidiariesService } from '../subsidiaries/subsidiaries.service.ts';
import { nowIso } from '../../platform/db/database.ts';
import {
  HttpError,
  notFound,
  validationFailed,
  type FieldErrors,
} from '../../platform/http/http-error.ts';
import { selectionQuery } from '../../platform/jobs/bulk-operations.ts';
import type { MembershipRow, UserRow, UsersRepository } from './users.repository.ts';
import { pageOf } from '../../platform/http/list-query.ts';

/**
 * Called once a user is created, so that they can choose their password (they have none): the
 * password-reset module mails them a link that opens for a week (users.plugin.ts).
 */
export type UserCreatedHook = (user: {
  id: number;
  companyId: number;
  email: string;
}) => Promise<void>;

function toUser(row: UserRow, groups: MembershipRow[]): TUser {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    img_src: row.img_src,
    language: row.language,
    active: Boolean(row.active),
    role_id: row.role_id,
    role: row.role_id !== null ? { id: row.role_id, name: row.role_name ?? '' } : null,
    subsidiary_id: row.subsidiary_id,
    subsidiary:
      row.subsidiary_id !== null
        ? { id: row.subsidiary_id, name: row.subsidiary_name ?? '' }
        : null,
    groups: groups
      .filter((g) => g.user_id === row.id)
      .map((g) => ({ id: g.id, name: g.name, level: g.level })),
    last_login_at: row.last_login_at,
    created_at: row.created_at,
  };
}

/** Users of the caller's company (issue 16 item 1; contracts/users.ts documents the calls). */
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly audit: Pick<AuditTrail, 'record'>,
    /** The subsidiaries module owns them (its service, not a second query here). */
    private readonly subsidiaries: Pick<SubsidiariesService, 'isPickable'>,
    private readonly onCreated: UserCreatedHook = async () => {},
    /** The company's default language (company settings), for a user created without one. */
    private readonly defaultLanguage: (companyId: number) => Promise<Language> = async () =>
      DEFAULT_LANGUAGE,
  ) {}

  async page(auth: AuthContext, filters: TUserListFilters): Promise<TUserPage> {
    const { rows, total } = await this.repo.page(auth.companyId, filters);
    const groups = await this.repo.memberships(rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => toUser(r, groups)),
      filters.page,
      filters.per_page,
      total,
    );
  }

  async get(auth: AuthContext, id: number): Promise<TUser> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('User');
    return toUser(row, await this.repo.memberships([row.id]));
  }

  async all(auth: AuthContext): Promise<TUserOption[]> {
    return (await this.repo.active(auth.companyId)).map(({ id, firstname, lastname }) => ({
      id,
      firstname,
      lastname,
    }));
  }

  choices(auth: AuthContext): Promise<TUserChoices> {
    return this.repo.choices(auth.companyId);
  }

  async allMails(auth: AuthContext): Promise<TUserMail[]> {
    return this.repo.active(auth.companyId);
  }

  /** The references of the form must be the company's; the e-mail free within it. */
  private async check(
    auth: AuthContext,
    form: TUserFormValues,
    exceptId?: number,
    /** The user's subsidiary, which stays valid once archived. */
    keepSubsidiary?: number | null,
    /** The user's language, kept when the form leaves it out (update). */
    keepLanguage?: string,
  ) {
    const errors: FieldErrors = {};
    const [taken, role, subsidiary, groups] = await Promise.all([
      this.repo.emailTaken(auth.companyId, form.email, exceptId),
      this.repo.roleExists(auth.companyId, form.role_id!),
      form.subsidiary_id === null
        ? true
        : this.subsidiaries.isPickable(auth.companyId, form.subsidiary_id, keepSubsidiary),
      this.repo.groupIds(auth.companyId, form.group_ids),
    ]);
    if (taken) errors.email = ['email_taken'];
    if (!role) errors.role_id = ['invalid'];
    if (!subsidiary) errors.subsidiary_id = ['invalid'];
    const groupIds = [...new Set(form.group_ids)];
    if (groups.length !== groupIds.length) errors.group_ids = ['invalid'];
    if (Object.keys(errors).length) throw validationFailed(errors);
    return {
      fields: {
        firstname: form.firstname,
        lastname: form.lastname,
        email: form.email,
        role_id: form.role_id!,
        language: form.language ?? keepLanguage ?? (await this.defaultLanguage(auth.companyId)),
        subsidiary_id: form.subsidiary_id,
      },
      groupIds,
    };
  }

  async create(auth: AuthContext, form: TUserFormValues): Promise<TUser> {
    const { fields, groupIds } = await this.check(auth, form);
    const id = await this.repo.insert(auth.companyId, fields, groupIds, nowIso());
    await this.audit.record(auth, 'user.created', { type: 'user', id });
    await this.onCreated({ id, companyId: auth.companyId, email: fields.email });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, form: TUserFormValues): Promise<TUser> {
    const existing = await this.repo.find(auth.companyId, id);
    if (!existing) throw notFound('User');
    const { fields, groupIds } = await this.check(
      auth,
      form,
      id,
      existing.subsidiary_id,
      existing.language,
    );
    await this.repo.update(auth.companyId, id, fields, groupIds, nowIso());
    await this.audit.record(auth, 'user.updated', { type: 'user', id });
    return this.get(auth, id);
  }

  /**
   * Deactivation ends the users' sessions at once: their rows go in the same transaction, and this
   * instance's session cache forgets them (the account is read on every request anyway, so another
   * instance's cached session opens nothing either). Sign-in only looks at active accounts.
   */
  async setActive(auth: AuthContext, { user_ids = [], active }: TUserActivation): Promise<void> {
    const ids = [...new Set(user_ids)];
    if (!active && ids.includes(auth.userId))
      throw validationFailed({ user_ids: ['self_deactivation'] });
    const known = await this.repo.userIds(auth.companyId, ids);
    if (known.length !== ids.length) throw validationFailed({ user_ids: ['unknown_user'] });
    await this.apply(auth, ids, active);
  }

  private async apply(auth: AuthContext, ids: number[], active: boolean): Promise<void> {
    if (!ids.length) return;
    await this.repo.setActive(auth.companyId, ids, active, nowIso());
    for (const id of ids) {
      if (!active) this.sessions.forgetUser(id);
      await this.audit.record(auth, active ? 'user.activated' : 'user.deactivated', {
        type: 'user',
        id,
      });
    }
  }

  /**
   * "Select all N that match" (issue 42 part 2): every user of the caller's company the list shows
   * under the selection's filters (read by the list's own parser, ZUserListQuery, and its own
   * conditions), less the unticked ones. 409 `selection_changed` when the user was shown another
   * number. At most USER_ACTIVATION_MAX (the contract refuses more): applied during the request,
   * with the id form's rules — the caller is never deactivated (skipped: `self_deactivation`),
   * users already so are left (`unchanged`).
   */
  async setActiveSelection(
    auth: AuthContext,
    selection: TUserSelection,
    active: boolean,
  ): Promise<TUserActivationResult> {
    const parsed = ZUserListQuery.safeParse(selectionQuery(selection.all.filters));
    if (!parsed.success)
      throw validationFailed(
        Object.fromEntries(
          parsed.error.issues.map((i) => [`selection.filters.${i.path.join('.')}`, [i.message]]),
        ),
      );
    const filters = { ...parsed.data, except: selection.all.except };
    const total = await this.repo.count(auth.companyId, filters);
    if (total !== selection.all.count)
      throw new HttpError(409, 'The selection changed since it was counted.', 'selection_changed', {
        count: [String(total)],
      });
    const rows = await this.repo.selected(auth.companyId, filters, USER_ACTIVATION_MAX);
    const skipped: Partial<Record<TUserActivationSkip, number>> = {};
    const skip = (reason: TUserActivationSkip) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
    const ids: number[] = [];
    for (const row of rows) {
      if (!active && row.id === auth.userId) skip('self_deactivation');
      else if (row.active === active) skip('unchanged');
      else ids.push(row.id);
    }
    await this.apply(auth, ids, active);
    return { total, changed: ids.length, skipped };
  }

  async setGroupLevel(auth: AuthContext, body: TUserGroupLevel): Promise<void> {
    const [users, groups] = await Promise.all([
      this.repo.userIds(auth.companyId, [body.user_id]),
      this.repo.groupIds(auth.companyId, [body.group_id]),
    ]);
    if (!users.length) throw notFound('User');
    if (!groups.length) throw notFound('Group');
    await this.repo.setGroupLevel(body.user_id, body.group_id, body.level);
  }
}
