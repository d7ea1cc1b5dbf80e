/**
 * Notification preferences (issue 38 part 4, docs/notifications.md): for each kind of notification
 * (NOTIFICATION_KINDS, the slugs the product writes), whether it shows in the app (`in_app`: the
 * bell's row and its live push) and whether it is e-mailed (`email`); and how e-mails go out
 * (`digest`): `immediate` (one e-mail per notification), `daily` (one digest e-mail at
 * `digest_hour`:00 on the company's wall clock, its `time_zone`, holding what arrived since the last
 * one; none when nothing arrived) or `none` (no notification e-mail at all).
 *
 *   GET /api/config/notifications  (config.notifications)         → ZNotificationSettings
 *   PUT /api/config/notifications  ZNotificationDefaults          → ZNotificationSettings
 *   GET /api/me/notification-preferences  (any signed-in user)    → ZMyNotificationPreferences
 *   PUT /api/me/notification-preferences  ZMyNotificationPreferencesForm → ZMyNotificationPreferences
 *
 * The company's defaults apply to every user of the company who has not chosen otherwise; before
 * they are first saved they are NOTIFICATION_DEFAULTS (every kind in the app, no e-mail but for
 * `cv_bundle`, also e-mailed). A user chooses per kind: `null` follows the company's default for
 * that kind (both channels, as the company changes them later), an object is the user's own choice
 * (both channels). Likewise `digest: null` follows the company's digest and hour; an own `digest`
 * comes with its own `digest_hour` when daily. The company is the session's; another company's
 * defaults never apply.
 *
 * 422 codes: `kinds.{kind}`: `field_required` (a kind missing) `| invalid`; `digest`:
 * `field_required | invalid`; `digest_hour`: `field_required` (daily without an hour) `| invalid`
 * (not 0-23).
 */
import { z } from 'zod';
import { requiredOr } from './errors.ts';
import { NOTIFICATION_SLUGS, type TNotificationSlug } from './notifications.ts';

/** The kinds a user chooses for: every notification the product writes. */
export const NOTIFICATION_KINDS = NOTIFICATION_SLUGS;
export type TNotificationKind = TNotificationSlug;

export const NOTIFICATION_DIGESTS = ['immediate', 'daily', 'none'] as const;
export type TNotificationDigest = (typeof NOTIFICATION_DIGESTS)[number];

/** Where one kind goes. */
export const ZNotificationChannels = z.object(
  {
    in_app: z.boolean({ error: requiredOr() }),
    email: z.boolean({ error: requiredOr() }),
  },
  { error: requiredOr() },
);
export type TNotificationChannels = z.infer<typeof ZNotificationChannels>;

/** A kind nobody chose for yet: in the app, no e-mail (as before preferences existed). */
export const DEFAULT_NOTIFICATION_CHANNELS: TNotificationChannels = { in_app: true, email: false };

const ZDigestHour = z
  .number({ error: requiredOr() })
  .int('invalid')
  .min(0, 'invalid')
  .max(23, 'invalid');
const ZDigest = z.enum(NOTIFICATION_DIGESTS, { error: requiredOr() });

function kindsOf<T extends z.ZodType>(value: T) {
  return z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, value])) as Record<
      TNotificationKind,
      T
    >,
    { error: requiredOr() },
  );
}

/** The company's defaults: every kind, the digest and its hour (kept when not daily). */
export const ZNotificationDefaults = z.object({
  kinds: kindsOf(ZNotificationChannels),
  digest: ZDigest,
  digest_hour: ZDigestHour,
});
export type TNotificationDefaults = z.infer<typeof ZNotificationDefaults>;

/**
 * Kinds whose default differs from DEFAULT_NOTIFICATION_CHANNELS. A CV bundle (`cv_bundle`) is
 * also e-mailed: it answers a request of the user's own, once per bundle (never noise), and the job
 * runs for minutes, often after they left the app; the e-mail's link opens the bundle's page.
 */
const KIND_DEFAULTS: Partial<Record<TNotificationKind, TNotificationChannels>> = {
  cv_bundle: { in_app: true, email: true },
};

/** The defaults a company has before it saves its own (and for a kind it saved none for). */
export const NOTIFICATION_DEFAULTS: TNotificationDefaults = {
  kinds: Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { ...(KIND_DEFAULTS[kind] ?? DEFAULT_NOTIFICATION_CHANNELS) },
    ]),
  ) as TNotificationDefaults['kinds'],
  digest: 'immediate',
  digest_hour: 8,
};

/** `GET /config/notifications`: the defaults, the zone `digest_hour` is read in, the last change. */
export const ZNotificationSettings = ZNotificationDefaults.extend({
  time_zone: z.string(),
  /** null: never saved (NOTIFICATION_DEFAULTS). */
  updated_at: z.string().nullable(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/**
 * A user's own choices: per kind null (the company's default) or their channels; `digest` null
 * (the company's digest and hour) or their own, with `digest_hour` required when daily (dropped,
 * null, otherwise).
 */
export const ZMyNotificationPreferencesForm = z
  .object({
    kinds: kindsOf(ZNotificationChannels.nullable()),
    digest: ZDigest.nullable(),
    digest_hour: ZDigestHour.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.digest === 'daily' && v.digest_hour === null)
      ctx.addIssue({ code: 'custom', path: ['digest_hour'], message: 'field_required' });
  })
  .transform((v) => ({ ...v, digest_hour: v.digest === 'daily' ? v.digest_hour : null }));
export type TMyNotificationPreferencesFormInput = z.input<typeof ZMyNotificationPreferencesForm>;
export type TMyNotificationPreferencesForm = z.output<typeof ZMyNotificationPreferencesForm>;

/** `GET /me/notification-preferences`: the user's own choices beside the company's defaults. */
export const ZMyNotificationPreferences = z.object({
  kinds: kindsOf(ZNotificationChannels.nullable()),
  digest: ZDigest.nullable(),
  digest_hour: z.number().int().nullable(),
  /** What `null` stands for: the company's defaults now. */
  company: ZNotificationDefaults,
  time_zone: z.string(),
});
export type TMyNotificationPreferences = z.infer<typeof ZMyNotificationPreferences>;

/** What applies to one user for one kind: the own choice, else the company's default. */
export type TEffectiveNotificationPreference = TNotificationChannels & {
  digest: TNotificationDigest;
  digest_hour: number;
};

/** The channels and digest that apply to a user for `kind`, from their choices and the company's. */
export function effectivePreference(
  company: TNotificationDefaults,
  own: Pick<TMyNotificationPreferencesForm, 'kinds' | 'digest' | 'digest_hour'> | null,
  kind: TNotificationKind,
): TEffectiveNotificationPreference {
  const channels = own?.kinds[kind] ?? company.kinds[kind];
  const digest = own?.digest ?? company.digest;
  const hour = own?.digest ? (own.digest_hour ?? company.digest_hour) : company.digest_hour;
  return { ...channels, digest, digest_hour: hour };
}
