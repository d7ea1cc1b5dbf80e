import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useMoveSubsidiary } from '../api/move-subsidiary.ts';
import { buildSubsidiaryForest, flattenForest, selfAndDescendants } from '../lib/subsidiary-tree.ts';

type Props = { subsidiary: TSubsidiaryItem; all: TSubsidiaryItem[]; onClose: () => void };

const TOP = '';

/**
 * Moves a subsidiary under another one, or to the top level. The picker leaves out the subsidiary,
 * what lies under it (a cycle) and archived subsidiaries; the server checks the same.
 */
export function MoveSubsidiaryDialog({ subsidiary, all, onClose }: Props) {
  const { t } = useTranslation(['subsidiaries', 'errors', 'common']);
  const id = useId();
  const move = useMoveSubsidiary();
  const errorMessage = useApiErrorMessage();
  const [parent, setParent] = useState(subsidiary.parent_id === null ? TOP : String(subsidiary.parent_id));
  const [error, setError] = useState<string | null>(null);
  const excluded = selfAndDescendants(all, subsidiary.id);
  const choices = flattenForest(buildSubsidiaryForest(all)).filter((s) => !excluded.has(s.id) && (!s.archived || s.id === subsidiary.parent_id));
  const submit = () => {
    setError(null);
    move.mutate(
      { id: subsidiary.id, parent_id: parent === TOP ? null : Number(parent) },
      {
        onSuccess: () => {
          toast.success(t('subsidiaries:move.moved', { name: subsidiary.name }));
          onClose();
        },
        onError: (e) => {
          const code = isApiError(e) && e.status === 422 ? e.errors?.parent_id?.[0] : undefined;
          if (code) setError(t(`errors:${code}`));
          else toast.error(errorMessage(e));
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('subsidiaries:move.title', { name: subsidiary.name })} description={t('subsidiaries:move.description')}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-parent`} className="text-sm font-medium text-slate-800">
            {t('subsidiaries:move.parent')}
          </label>
          <Select
            id={`${id}-parent`}
            value={parent}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setParent(event.target.value)}
          >
            <option value={TOP}>{t('subsidiaries:move.top_level')}</option>
            {choices.map((s) => (
              <option key={s.id} value={s.id}>
                {`${'\u00a0\u00a0'.repeat(s.depth)}${s.depth ? '└ ' : ''}${s.name}`}
              </option>
            ))}
          </Select>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={move.isPending}>
            {t('subsidiaries:move.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
