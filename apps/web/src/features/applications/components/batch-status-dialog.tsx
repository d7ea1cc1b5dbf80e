import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TBulkStatusResult, TStatus } from '@embauche/contracts/applications';
import { STATUS_IDS } from '@embauche/contracts/constants';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useMotifs } from '../../../lib/pipeline/get-motifs.ts';
import { statusNeedsMotif, usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import type { RefusalMailSlot } from '../lib/mailing-slot.ts';
import { BulkOperationResult } from './bulk-operation-result.tsx';
import { useStatusEvents } from '../lib/status-events.ts';

type Props = {
  count: number;
  statuses: TStatus[];
  /** Why the list is short: only the statuses the selection's workflows share (or none). */
  hint?: string | null;
  /** A list of changes answers each id; "all that match" answers an operation (issue 42 part 2). */
  onSubmit: (statusId: number, motifId: number | null) => Promise<TBulkStatusResult | TBulkOperation>;
  /** "All that match": the set changed since it was counted (409); the count to confirm next. */
  onRecount?: (count: number) => void;
  /** `changed` tells whether anything changed (the selection is then cleared). */
  onClose: (changed: boolean) => void;
  /** Offered on a refusal: the refusal e-mail to the applications that were refused. */
  refusalMail?: RefusalMailSlot | undefined;
};

/** The selection's status change: a status, its motif when it needs one, then what changed and what failed. */
export function BatchStatusDialog({
  count,
  statuses,
  hint,
  onSubmit,
  onClose,
  onRecount,
  refusalMail,
}: Props) {
  const { t } = useTranslation(['application', 'errors']);
  const id = useId();
  const labels = usePipelineLabels();
  const motifs = useMotifs();
  const errorMessage = useApiErrorMessage();
  const statusEvents = useStatusEvents();
  const [status, setStatus] = useState('');
  const [motif, setMotif] = useState('');
  const [missing, setMissing] = useState<'status' | 'motif' | null>(null);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<TBulkStatusResult | null>(null);
  const [operation, setOperation] = useState<TBulkOperation | null>(null);
  // The count confirmed stays in the title while the lists reload under it.
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mailModel, setMailModel] = useState<number | null>(null);
  const [mailed, setMailed] = useState<{ count: number } | { error: string } | null>(null);
  const needsMotif = status !== '' && statusNeedsMotif(Number(status));
  const refusing = Number(status) === STATUS_IDS.REFUSED && refusalMail !== undefined;

  // Once the summary is read, the app may follow up (status 6: start the onboardings).
  const finish = (done: TBulkStatusResult) => {
    if (done.changed.length)
      statusEvents?.({ applications: done.changed.map((id) => ({ id, name: null })), statusId: Number(status), previousStatusId: null });
    onClose(done.changed.length > 0);
  };

  const confirm = async () => {
    if (result) return finish(result);
    if (operation) return onClose(true);
    if (!status) return setMissing('status');
    if (needsMotif && !motif) return setMissing('motif');
    setLoading(true);
    setError(null);
    try {
      setConfirmed(count);
      const answer = await onSubmit(Number(status), needsMotif ? Number(motif) : null);
      if (!Array.isArray(answer.changed)) return setOperation(answer as TBulkOperation);
      const changed = answer as TBulkStatusResult;
      setResult(changed);
      // The refusal e-mail goes to the applications that were refused, once they are.
      if (refusing && mailModel !== null && changed.changed.length) {
        try {
          setMailed({ count: (await refusalMail.send(mailModel, changed.changed)).total });
        } catch (failure) {
          setMailed({ error: errorMessage(failure) });
        }
      }
    } catch (failure) {
      const recount = isApiError(failure) && failure.code === 'selection_changed' ? Number(failure.errors?.count?.[0]) : NaN;
      setConfirmed(null);
      if (Number.isFinite(recount) && onRecount) {
        onRecount(recount);
        setError(t('application:batch.selection_changed', { count: recount }));
      } else setError(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  };

  const field = (name: 'status' | 'motif') =>
    missing === name ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};
  const labelClass = (name: 'status' | 'motif') =>
    missing === name ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800';

  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : result ? finish(result) : onClose(operation !== null))}
      title={t('application:batch.status_title', { count: confirmed ?? count })}
      confirmLabel={result || operation ? t('common:close') : t('application:batch.status_confirm')}
      hideCancel={Boolean(result) || operation !== null}
      loading={loading}
      onConfirm={() => void confirm()}
    >
      {operation ? (
        <BulkOperationResult operation={operation} />
      ) : result ? (
        <div className="flex flex-col gap-2 text-sm" role="status">
          <p className="text-emerald-800">
            {t('application:batch.changed', { count: result.changed.length })}
          </p>
          {result.failed.length ? (
            <>
              <p className="text-red-700">
                {t('application:batch.failed', { count: result.failed.length })}
              </p>
              <ul className="list-disc pl-5 text-slate-700">
                {[...new Set(result.failed.map((f) => f.reason))].map((reason) => (
                  <li key={reason}>
                    {t(`application:batch.reasons.${reason}`, {
                      defaultValue: t('application:batch.reasons.other'),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {mailed && 'count' in mailed ? (
            <p className="text-emerald-800">
              {t('application:batch.mailed', { count: mailed.count })}
            </p>
          ) : null}
          {mailed && 'error' in mailed ? (
            <p className="text-red-700">
              {t('application:batch.mail_failed', { message: mailed.error })}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {hint ? (
            <p id={`${id}-hint`} className="text-sm text-slate-700">
              {hint}
            </p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-status`} className={labelClass('status')}>
              {t('application:batch.new_status')}
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </label>
            <Select
              id={`${id}-status`}
              required
              value={status}
              aria-describedby={hint ? `${id}-hint` : undefined}
              {...field('status')}
              onChange={(e) => (setStatus(e.target.value), setMissing(null))}
            >
              <option value="">{t('application:batch.choose_status')}</option>
              {statuses.map((s) => (
                <option key={s.id} value={s.id}>
                  {labels.statusLabel(s)}
                </option>
              ))}
            </Select>
            {missing === 'status' ? (
              <p id={`${id}-status-error`} className="text-sm text-red-700">
                {t('errors:field_required')}
              </p>
            ) : null}
          </div>
          {needsMotif ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-motif`} className={labelClass('motif')}>
                {t('application:motif.label')}
                <span aria-hidden="true" className="ml-0.5 text-red-700">
                  *
                </span>
              </label>
              <Select
                id={`${id}-motif`}
                required
                value={motif}
                {...field('motif')}
                onChange={(e) => (setMotif(e.target.value), setMissing(null))}
              >
                <option value="">{t('application:motif.placeholder')}</option>
                {(motifs.data ?? []).map((m) => (
                  <option key={m.id} value={m.id}>
                    {labels.motifLabel(m)}
                  </option>
                ))}
              </Select>
              {missing === 'motif' ? (
                <p id={`${id}-motif-error`} className="text-sm text-red-700">
                  {t('errors:field_required')}
                </p>
              ) : null}
            </div>
          ) : null}
          {refusing ? refusalMail.field(setMailModel) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </AlertDialog>
  );
}
