import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_ACTIVATION_MAX, type TUser, type TUserActivationResult, type TUserSelectionInput } from '@embauche/contracts/users';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSetSelectionActive } from '../api/set-selection-active.ts';
import { useSetUsersActive } from '../api/set-users-active.ts';

type Props = {
  active: boolean;
  /** The ticked users (page selection). */
  users: TUser[];
  /** The signed-in user: never deactivated (the id form refuses it; "all" skips it). */
  meId: number;
  /** "All that match" the list's filters: the selection sent, its count, and the 409's new count. */
  all?: { selection: TUserSelectionInput; count: number; onRecount: (count: number) => void };
  onClose: (changed: boolean) => void;
};

/**
 * Confirms activating or deactivating many users, in the single dialog's words, with their count;
 * then says how many changed and which were skipped, and why.
 */
export function UsersBatchActivationDialog({ active, users, meId, all, onClose }: Props) {
  const { t } = useTranslation(['users', 'common']);
  const byIds = useSetUsersActive();
  const bySelection = useSetSelectionActive();
  const errorMessage = useApiErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TUserActivationResult | null>(null);
  const count = all ? all.count : users.length;
  const over = count > USER_ACTIVATION_MAX;
  const pending = byIds.isPending || bySelection.isPending;

  const confirm = async () => {
    if (result) return onClose(result.changed > 0);
    setError(null);
    try {
      if (all) {
        setResult(await bySelection.mutateAsync({ selection: all.selection, active }));
        return;
      }
      // The id form's rules, told the same way as "all": oneself and those already so are skipped.
      const skipped: Record<string, number> = {};
      const ids: number[] = [];
      for (const user of users) {
        const reason = !active && user.id === meId ? 'self_deactivation' : user.active === active ? 'unchanged' : null;
        if (reason) skipped[reason] = (skipped[reason] ?? 0) + 1;
        else ids.push(user.id);
      }
      if (ids.length) await byIds.mutateAsync({ user_ids: ids, active });
      setResult({ total: users.length, changed: ids.length, skipped });
    } catch (failure) {
      const recount = isApiError(failure) && failure.code === 'selection_changed' ? Number(failure.errors?.count?.[0]) : NaN;
      if (all && Number.isFinite(recount)) {
        all.onRecount(recount);
        return setError(t('users:batch.selection_changed', { count: recount }));
      }
      setError(errorMessage(failure));
    }
  };

  const verb = active ? 'activate' : 'deactivate';
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && onClose(Boolean(result && result.changed > 0))}
      title={result ? t('users:batch.result_title') : t(`users:batch.${verb}_title`, { count })}
      description={result ? undefined : t(`users:batch.${verb}_description`, { count })}
      // Over the cap nothing can be sent: the button closes (the alert says why).
      confirmLabel={result || over ? t('common:close') : t(`users:activation.${verb}`)}
      destructive={!result && !over && !active}
      loading={pending}
      hideCancel={Boolean(result || over)}
      onConfirm={() => (over && !result ? onClose(false) : void confirm())}
    >
      {result ? (
        <div className="flex flex-col gap-1 text-sm text-slate-800" role="status">
          <p className="font-medium">{t(`users:batch.${active ? 'activated' : 'deactivated'}`, { count: result.changed })}</p>
          {Object.entries(result.skipped).map(([reason, n]) => (
            <p key={reason}>{t(`users:batch.skipped.${reason}`, { count: n })}</p>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          {all ? <p className="font-medium text-slate-800">{t('users:batch.all_matching', { count })}</p> : null}
          {!active ? <p className="text-slate-700">{t('users:batch.self_note')}</p> : null}
          {over ? <FormAlert message={t('users:batch.over_cap', { max: USER_ACTIVATION_MAX })} /> : null}
          <FormAlert message={error} />
        </div>
      )}
    </AlertDialog>
  );
}
