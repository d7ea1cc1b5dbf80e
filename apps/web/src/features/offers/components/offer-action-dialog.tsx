import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TBatchResult, TOfferDetail, TOfferListItem, TOfferSelectionInput } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useBatchAction } from '../api/run-batch-action.ts';
import { useOfferAction, type OfferAction } from '../api/run-offer-action.ts';
import { useSelectionAction } from '../api/run-selection-action.ts';
import { failureReason } from '../lib/failure-reasons.ts';
import { ActionFields, type ActionValues, type ProjectTarget } from './action-fields.tsx';
import { BatchResult } from './batch-result.tsx';
import { OfferBulkResult } from './bulk-operation-result.tsx';

type Props = {
  action: OfferAction;
  offers: Pick<TOfferListItem, 'id' | 'job_position' | 'project_id'>[];
  /** Batch mode: the list's project (or special id); single mode when absent. */
  batchRef?: TProjectRef;
  targets: ProjectTarget[];
  /**
   * "All that match" the list's filters (issue 42 part 2, with `batchRef`): the selection sent, its
   * count (shown before confirming) and what to do when the server counts another number (409).
   */
  all?: { selection: TOfferSelectionInput; count: number; onRecount: (count: number) => void };
  onClose: (changed: boolean, offer?: TOfferDetail) => void;
  onChanged?: () => void;
};

/** Confirms a life-cycle action on one offer or a selection; a batch then shows what changed and what failed. */
export function OfferActionDialog({ action, offers, batchRef, targets, all, onClose, onChanged }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const single = useOfferAction(onChanged);
  const batch = useBatchAction(onChanged);
  const bySelection = useSelectionAction(onChanged);
  const errorMessage = useApiErrorMessage();
  const [values, setValues] = useState<ActionValues>({ reason: '', comment: '', target: '' });
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TBatchResult | null>(null);
  const [operation, setOperation] = useState<TBulkOperation | null>(null);
  const names = new Map(offers.map((offer) => [offer.id, offer.job_position]));
  const pending = single.isPending || batch.isPending || bySelection.isPending;
  const first = offers[0];
  const count = all ? all.count : offers.length;
  const done = result ? result.changed.length > 0 : operation ? operation.changed > 0 || operation.status === 'queued' || operation.status === 'running' : false;

  const confirm = async () => {
    if (result || operation) return onClose(done);
    if ((action === 'archive' && !values.reason) || (action === 'move' && !values.target)) return setInvalid(true);
    setInvalid(false);
    setError(null);
    const archive = action === 'archive' && values.reason ? { reason: values.reason, comment: values.comment || null } : undefined;
    const targetProject = action === 'move' ? Number(values.target) : undefined;
    try {
      if (batchRef !== undefined && all) {
        setOperation(await bySelection.mutateAsync({ projectRef: batchRef, action, selection: all.selection, archive, targetProject }));
      } else if (batchRef !== undefined) {
        setResult(await batch.mutateAsync({ projectRef: batchRef, action, ids: offers.map((o) => o.id), archive, targetProject }));
      } else if (first) {
        const updated = await single.mutateAsync({ projectId: first.project_id, offerId: first.id, action, archive, targetProject });
        toast.success(t(`projects:actions_done.${action}`, { name: first.job_position }));
        onClose(true, updated);
      }
    } catch (failure) {
      const recount = isApiError(failure) && failure.code === 'selection_changed' ? Number(failure.errors?.count?.[0]) : NaN;
      if (all && Number.isFinite(recount)) {
        all.onRecount(recount);
        return setError(t('projects:batch.selection_changed', { count: recount }));
      }
      const reason = isApiError(failure) && failure.status === 409 ? failureReason(failure.code) : null;
      setError(reason ? t(`projects:failures.${reason}`) : errorMessage(failure));
    }
  };

  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && onClose(done)}
      title={
        result || operation
          ? t('projects:batch.result_title')
          : batchRef !== undefined
            ? t(`projects:confirm.batch_${action}`, { count })
            : t(`projects:confirm.${action}`, { name: first?.job_position ?? '' })
      }
      description={result || operation ? undefined : t(`projects:confirm.${action}_description`, { count })}
      confirmLabel={result || operation ? t('common:close') : t(`projects:actions_offer.${action}`)}
      destructive={!result && !operation && action === 'archive'}
      loading={pending}
      hideCancel={Boolean(result || operation)}
      onConfirm={() => void confirm()}
    >
      {operation ? (
        <OfferBulkResult operation={operation} />
      ) : result ? (
        <BatchResult result={result} names={names} />
      ) : (
        <div className="flex flex-col gap-3">
          {all ? <p className="text-sm font-medium text-slate-800">{t('projects:batch.all_matching', { count })}</p> : null}
          <FormAlert message={error} />
          <ActionFields action={action} values={values} onChange={setValues} targets={targets} invalid={invalid} />
        </div>
      )}
    </AlertDialog>
  );
}
