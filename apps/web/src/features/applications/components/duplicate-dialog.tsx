import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDuplicateApplications, type TDuplicateResult } from '../api/duplicate-applications.ts';
import { useTargetOffers } from '../api/search-target-offers.ts';

type Props = {
  projectId: number;
  offerId: number;
  applicantIds: number[];
  onChanged?: () => void;
  onClose: (done: boolean) => void;
};

/** Duplicates the selected applicants onto another offer, picked by title, keeping their statuses or not. */
export function DuplicateDialog({ projectId, offerId, applicantIds, onChanged, onClose }: Props) {
  const { t } = useTranslation(['application', 'errors']);
  const id = useId();
  const errorMessage = useApiErrorMessage();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState('');
  const [keep, setKeep] = useState(false);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<TDuplicateResult | null>(null);
  const offers = useTargetOffers(useDebouncedValue(search.trim(), 500));
  const mutation = useDuplicateApplications(projectId, offerId, onChanged);
  const choices = (offers.data?.data ?? []).filter((offer) => offer.id !== offerId);

  const confirm = () => {
    if (result) return onClose(true);
    if (!target) return setMissing(true);
    mutation.mutate({ job_offer_id: Number(target), applicants_ids: applicantIds, keep_statuses: keep, application_id: null }, { onSuccess: setResult });
  };

  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(Boolean(result)))}
      title={t('application:duplicate.title', { count: applicantIds.length })}
      confirmLabel={result ? t('common:close') : t('application:duplicate.confirm')}
      hideCancel={Boolean(result)}
      loading={mutation.isPending}
      onConfirm={confirm}
    >
      {result ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p className="text-emerald-800">{t('application:duplicate.created', { count: result.created.length })}</p>
          {result.skipped.length ? <p className="text-slate-700">{t('application:duplicate.skipped', { count: result.skipped.length })}</p> : null}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
              {t('application:duplicate.search')}
            </label>
            <Input id={`${id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-target`} className={missing ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'}>
              {t('application:duplicate.target')}
              <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
            </label>
            <Select
              id={`${id}-target`}
              required
              value={target}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-error` : undefined}
              onChange={(e) => (setTarget(e.target.value), setMissing(false))}
            >
              <option value="">{t('application:duplicate.choose', { count: choices.length })}</option>
              {choices.map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {offer.reference ? `${offer.job_position} (${offer.reference})` : offer.job_position}
                </option>
              ))}
            </Select>
            {missing ? <p id={`${id}-error`} className="text-sm text-red-700">{t('errors:field_required')}</p> : null}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <Checkbox checked={keep} onChange={(e) => setKeep(e.target.checked)} />
            {t('application:duplicate.keep_statuses')}
          </label>
          {mutation.isError ? <p role="alert" className="text-sm text-red-700">{errorMessage(mutation.error)}</p> : null}
        </div>
      )}
    </AlertDialog>
  );
}
