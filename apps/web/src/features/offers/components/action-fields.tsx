import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_REASONS, type ArchiveReason } from '@embauche/contracts/offers';
import { Select } from '../../../components/ui/select.tsx';

export type ProjectTarget = { id: number; name: string };
export type ActionValues = { reason: ArchiveReason | ''; comment: string; target: string };

type Props = {
  action: string;
  values: ActionValues;
  onChange: (values: ActionValues) => void;
  targets: ProjectTarget[];
  invalid: boolean;
};

/** What archive (a reason, a comment) and move (a target project) need before confirming. */
export function ActionFields({ action, values, onChange, targets, invalid }: Props) {
  const { t } = useTranslation(['projects', 'errors']);
  const id = useId();
  if (action === 'archive') {
    return (
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={invalid ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'}>
            {t('projects:archive.reason')}
            <span aria-hidden="true" className="ml-0.5 text-red-600">*</span>
          </label>
          <Select id={`${id}-reason`} aria-required aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} value={values.reason} onChange={(e) => onChange({ ...values, reason: e.target.value as ArchiveReason })}>
            <option value="">{t('projects:archive.choose_reason')}</option>
            {ARCHIVE_REASONS.map((reason) => <option key={reason} value={reason}>{t(`projects:archive.reasons.${reason}`)}</option>)}
          </Select>
          {invalid ? <p id={`${id}-error`} className="text-sm text-red-700">{t('errors:field_required')}</p> : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-800">{t('projects:archive.comment')}</label>
          <textarea id={`${id}-comment`} maxLength={255} rows={2} value={values.comment} onChange={(e) => onChange({ ...values, comment: e.target.value })} className="rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" />
        </div>
      </div>
    );
  }
  if (action === 'move') {
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-target`} className={invalid ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'}>
          {t('projects:move_offers.target')}
          <span aria-hidden="true" className="ml-0.5 text-red-600">*</span>
        </label>
        <Select id={`${id}-target`} aria-required aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined} value={values.target} onChange={(e) => onChange({ ...values, target: e.target.value })}>
          <option value="">{t('projects:move_offers.choose_target')}</option>
          {targets.map((target) => <option key={target.id} value={target.id}>{target.name}</option>)}
        </Select>
        {invalid ? <p id={`${id}-error`} className="text-sm text-red-700">{t('errors:field_required')}</p> : null}
      </div>
    );
  }
  return null;
}
