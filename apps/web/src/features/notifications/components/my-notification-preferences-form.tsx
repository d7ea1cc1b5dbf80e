import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  NOTIFICATION_KINDS,
  type TMyNotificationPreferences,
  type TMyNotificationPreferencesFormInput,
  type TNotificationDigest,
  type TNotificationKind,
} from '@embauche/contracts/notification-preferences';
import { Button } from '../../../components/ui/button.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveMyNotificationPreferences } from '../api/save-my-notification-preferences.ts';
import { DigestFields, hourLabel } from './digest-fields.tsx';
import { NotificationKindsTable, type KindChoice } from './notification-kinds-table.tsx';

/** The form's values: each kind followed or the user's own; the digest the company's or own. */
type Values = {
  kinds: Record<TNotificationKind, Required<KindChoice>>;
  digest: 'company' | TNotificationDigest;
  digest_hour: number;
};

function valuesOf(p: TMyNotificationPreferences): Values {
  return {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => {
        const own = p.kinds[kind];
        return [kind, { follow: own === null, ...(own ?? p.company.kinds[kind]) }];
      }),
    ) as Values['kinds'],
    digest: p.digest ?? 'company',
    digest_hour: p.digest_hour ?? p.company.digest_hour,
  };
}

function bodyOf(v: Values): TMyNotificationPreferencesFormInput {
  return {
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => {
        const { follow, in_app, email } = v.kinds[kind];
        return [kind, follow ? null : { in_app, email }];
      }),
    ) as TMyNotificationPreferencesFormInput['kinds'],
    digest: v.digest === 'company' ? null : v.digest,
    digest_hour: v.digest === 'daily' ? v.digest_hour : null,
  };
}

/**
 * The user's own notification preferences (user settings): each kind follows the company's choice
 * (shown, not editable) or is their own; their e-mails go out as the company's do or their own way.
 */
export function MyNotificationPreferencesForm({ saved }: { saved: TMyNotificationPreferences }) {
  const { t, i18n } = useTranslation(['notification_preferences', 'errors']);
  const errorMessage = useApiErrorMessage();
  const save = useSaveMyNotificationPreferences();
  const form = useForm<Values>({ defaultValues: valuesOf(saved) });
  const kinds = useWatch({ control: form.control, name: 'kinds' });
  const digest = useWatch({ control: form.control, name: 'digest' });
  const hourError = form.formState.errors.digest_hour?.message;
  const company = saved.company;
  const companyChoice =
    company.digest === 'daily'
      ? t('notification_preferences:digest.company_daily', {
          hour: hourLabel(company.digest_hour, i18n.language),
        })
      : t(`notification_preferences:digest.company_${company.digest}`);
  const effectiveDigest = digest === 'company' ? company.digest : digest;

  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await save.mutateAsync(bodyOf(values));
      form.reset(valuesOf(next));
      toast.success(t('notification_preferences:user.saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['digest', 'digest_hour']))
        toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <NotificationKindsTable
        caption={t('notification_preferences:table_caption')}
        choices={kinds}
        company={company.kinds}
        onChange={(kind, channel, value) => {
          if (channel === 'follow' && !value) {
            // An own choice starts from what the company gives.
            form.setValue(`kinds.${kind}.in_app`, company.kinds[kind].in_app);
            form.setValue(`kinds.${kind}.email`, company.kinds[kind].email);
          }
          form.setValue(`kinds.${kind}.${channel}`, value, { shouldDirty: true });
        }}
      />
      {effectiveDigest === 'none' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('notification_preferences:digest.none_note')}
        </p>
      ) : null}
      <DigestFields
        radio={() => form.register('digest')}
        hour={form.register('digest_hour', { valueAsNumber: true })}
        showHour={digest === 'daily'}
        timeZone={saved.time_zone}
        companyChoice={companyChoice}
        hourError={hourError ? translateErrorCode(t, hourError) : undefined}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('notification_preferences:save')}
        </Button>
      </div>
    </form>
  );
}
