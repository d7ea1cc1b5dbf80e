import {
  effectivePreference,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_KINDS,
  ZNotificationChannels,
  type TEffectiveNotificationPreference,
  type TMyNotificationPreferences,
  type TMyNotificationPreferencesForm,
  type TNotificationChannels,
  type TNotificationDefaults,
  type TNotificationDigest,
  type TNotificationKind,
  type TNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type {
  NotificationPreferencesRepository,
  PreferencesRow,
  SettingsRow,
} from './notification-preferences.repository.ts';

const KINDS: ReadonlySet<string> = new Set(NOTIFICATION_KINDS);

/** A stored `kinds` object: the kinds it holds with well-formed channels (others left out). */
function storedKinds(json: string): Partial<Record<TNotificationKind, TNotificationChannels>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const kinds: Partial<Record<TNotificationKind, TNotificationChannels>> = {};
  for (const [kind, value] of Object.entries(parsed)) {
    const channels = ZNotificationChannels.safeParse(value);
    if (KINDS.has(kind) && channels.success) kinds[kind as TNotificationKind] = channels.data;
  }
  return kinds;
}

const isDigest = (v: string | null): v is TNotificationDigest =>
  v !== null && (NOTIFICATION_DIGESTS as readonly string[]).includes(v);

/** The company's defaults from its row: the built-in ones where it says nothing. */
function defaultsOf(row: SettingsRow | undefined): TNotificationDefaults {
  if (!row) return NOTIFICATION_DEFAULTS;
  const kinds = storedKinds(row.kinds);
  return {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, kinds[k] ?? NOTIFICATION_DEFAULTS.kinds[k]]),
    ) as TNotificationDefaults['kinds'],
    digest: isDigest(row.digest) ? row.digest : NOTIFICATION_DEFAULTS.digest,
    digest_hour: row.digest_hour,
  };
}

/** A user's own choices from their row: null for every kind they follow the company on. */
function ownOf(row: PreferencesRow | undefined): TMyNotificationPreferencesForm {
  const kinds = row ? storedKinds(row.kinds) : {};
  const digest = row && isDigest(row.digest) ? row.digest : null;
  return {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, kinds[k] ?? null]),
    ) as TMyNotificationPreferencesForm['kinds'],
    digest,
    digest_hour: digest === 'daily' ? (row?.digest_hour ?? null) : null,
  };
}

/**
 * Notification preferences (contracts/notification-preferences.ts): the company's defaults
 * (`config.notifications`, audited), each user's own choices, and what applies to a user for a
 * kind when a notification is written (`deliveries`).
 */
export class NotificationPreferencesService {
  constructor(
    private readonly repo: NotificationPreferencesRepository,
    private readonly timeZone: (companyId: number) => Promise<string>,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  async defaults(companyId: number): Promise<TNotificationDefaults> {
    return defaultsOf(await this.repo.settings(companyId));
  }

  async companySettings(auth: AuthContext): Promise<TNotificationSettings> {
    const [row, timeZone] = await Promise.all([
      this.repo.settings(auth.companyId),
      this.timeZone(auth.companyId),
    ]);
    return { ...defaultsOf(row), time_zone: timeZone, updated_at: row?.updated_at ?? null };
  }

  /** Saves the company's defaults; what changed goes to the audit trail, in one transaction. */
  async saveCompanySettings(
    auth: AuthContext,
    input: TNotificationDefaults,
  ): Promise<TNotificationSettings> {
    const before = defaultsOf(await this.repo.settings(auth.companyId));
    const kinds = NOTIFICATION_KINDS.filter(
      (k) =>
        before.kinds[k].in_app !== input.kinds[k].in_app ||
        before.kinds[k].email !== input.kinds[k].email,
    );
    await this.repo.db.transaction().execute(async (trx) => {
      await this.repo.saveSettings(
        auth.companyId,
        {
          kinds: JSON.stringify(input.kinds),
          digest: input.digest,
          digest_hour: input.digest_hour,
          updated_by: auth.realUserId ?? auth.userId,
        },
        trx,
      );
      if (
        kinds.length ||
        before.digest !== input.digest ||
        before.digest_hour !== input.digest_hour
      )
        await this.audit.record(
          auth,
          'company.notification_settings_updated',
          { type: 'company', id: auth.companyId },
          {
            kinds: Object.fromEntries(kinds.map((k) => [k, input.kinds[k]])),
            digest: { before: before.digest, after: input.digest },
            digest_hour: { before: before.digest_hour, after: input.digest_hour },
          },
          trx,
        );
    });
    return this.companySettings(auth);
  }

  async mine(auth: AuthContext): Promise<TMyNotificationPreferences> {
    const [company, [row], timeZone] = await Promise.all([
      this.defaults(auth.companyId),
      this.repo.preferences(auth.companyId, [auth.userId]),
      this.timeZone(auth.companyId),
    ]);
    return { ...ownOf(row), company, time_zone: timeZone };
  }

  /** Saves the user's own choices: only the kinds they chose for are kept. */
  async saveMine(
    auth: AuthContext,
    input: TMyNotificationPreferencesForm,
  ): Promise<TMyNotificationPreferences> {
    const own = Object.fromEntries(
      NOTIFICATION_KINDS.flatMap((k) => (input.kinds[k] ? [[k, input.kinds[k]]] : [])),
    );
    await this.repo.savePreferences(auth.companyId, auth.userId, {
      kinds: JSON.stringify(own),
      digest: input.digest,
      digest_hour: input.digest === 'daily' ? input.digest_hour : null,
    });
    return this.mine(auth);
  }

  /**
   * What applies to each of `userIds` for a notification of `kind` in the company: their own
   * choice, else the company's default. A kind preferences do not know (a newer producer's) goes to
   * the app only, as every notification did before preferences.
   */
  async deliveries(
    companyId: number,
    userIds: number[],
    kind: string,
  ): Promise<Map<number, TEffectiveNotificationPreference>> {
    const [company, rows] = await Promise.all([
      this.defaults(companyId),
      this.repo.preferences(companyId, userIds),
    ]);
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    return new Map(
      userIds.map((id) => {
        if (!KINDS.has(kind))
          return [id, { in_app: true, email: false, digest: 'none', digest_hour: 0 }];
        const row = byUser.get(id);
        return [
          id,
          effectivePreference(company, row ? ownOf(row) : null, kind as TNotificationKind),
        ];
      }),
    );
  }

  /** The digest and hour that apply to each of `userIds` (the digest's tick). */
  async digests(
    companyId: number,
    userIds: number[],
  ): Promise<Map<number, { digest: TNotificationDigest; digest_hour: number }>> {
    const [company, rows] = await Promise.all([
      this.defaults(companyId),
      this.repo.preferences(companyId, userIds),
    ]);
    const byUser = new Map(rows.map((r) => [r.user_id, ownOf(r)]));
    return new Map(
      userIds.map((id) => {
        const own = byUser.get(id);
        const { digest, digest_hour } = effectivePreference(
          company,
          own ?? null,
          NOTIFICATION_KINDS[0],
        );
        return [id, { digest, digest_hour }];
      }),
    );
  }
}
