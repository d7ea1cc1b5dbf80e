import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ZNotificationDefaults,
  type TNotificationDefaults,
  type TNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import { Button } from '../../../components/ui/button.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { formatDate } from '../../../lib/dates.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveNotificationSettings } from '../api/save-notification-settings.ts';
import { DigestFields } from './digest-fields.tsx';
import { NotificationKindsTable } from './notification-kinds-table.tsx';

const defaults = (s: TNotificationSettings): TNotificationDefaults => ({
  kinds: s.kinds,
  digest: s.digest,
  digest_hour: s.digest_hour,
});

/**
 * The company's default notifications (config page `notifications`, `config.notifications`): for
 * every kind in the app and/or by e-mail, and how e-mails go out. Users who made no choice of
 * their own get these.
 */
export function CompanyNotificationSettingsForm({ saved }: { saved: TNotificationSettings }) {
  const { t, i18n } = useTranslation(['notification_preferences', 'errors']);
  const errorMessage = useApiErrorMessage();
  const save = useSaveNotificationSettings();
  const form = useForm<TNotificationDefaults>({
    resolver: zodResolver(ZNotificationDefaults),
    defaultValues: defaults(saved),
  });
  const kinds = useWatch({ control: form.control, name: 'kinds' });
  const digest = useWatch({ control: form.control, name: 'digest' });
  const hourError = form.formState.errors.digest_hour?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const next = await save.mutateAsync(values);
      form.reset(defaults(next));
      toast.success(t('notification_preferences:company.saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['digest', 'digest_hour']))
        toast.error(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <NotificationKindsTable
        caption={t('notification_preferences:company_table_caption')}
        choices={kinds}
        onChange={(kind, channel, value) => {
          if (channel === 'follow') return;
          form.setValue(`kinds.${kind}.${channel}`, value, { shouldDirty: true });
        }}
      />
      {digest === 'none' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('notification_preferences:digest.none_note')}
        </p>
      ) : null}
      <DigestFields
        radio={() => form.register('digest')}
        hour={form.register('digest_hour', { valueAsNumber: true })}
        showHour={digest === 'daily'}
        timeZone={saved.time_zone}
        hourError={hourError ? translateErrorCode(t, hourError) : undefined}
      />
      <div className="flex flex-wrap items-center justify-end gap-3">
        {saved.updated_at ? (
          <p className="mr-auto text-xs text-slate-600">
            {t('notification_preferences:company.updated_at', {
              date: formatDate(saved.updated_at, 'datetime', i18n.language),
            })}
          </p>
        ) : null}
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('notification_preferences:save')}
        </Button>
      </div>
    </form>
  );
}
