import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useMotifs } from '../../../lib/pipeline/get-motifs.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';

type Props = {
  /** The translated status being moved to. */
  statusName: string;
  /** Its id: only its motifs (and those for any status) are offered (issue 17). */
  statusId?: number;
  /** Whom it is about: an applicant's name, or "3 applications". */
  subject: string;
  loading?: boolean;
  /** Under the motif: the refusal e-mail's choice (a refusal, for holders of project_application.email). */
  extra?: ReactNode;
  onCancel: () => void;
  onConfirm: (motifId: number) => void;
};

/** Moving to a refusal or withdrawal asks for its motif first; cancelling leaves the application where it was. */
export function MotifDialog({ statusName, statusId, subject, loading, extra, onCancel, onConfirm }: Props) {
  const { t } = useTranslation(['application', 'errors']);
  const id = useId();
  const labels = usePipelineLabels();
  const motifs = useMotifs();
  const [motif, setMotif] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={t('application:motif.title', { status: statusName })}
      description={t('application:motif.description', { subject })}
      confirmLabel={t('application:motif.confirm')}
      loading={loading}
      onConfirm={() => {
        if (!motif) return setMissing(true);
        onConfirm(Number(motif));
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-motif`} className={missing ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-slate-800'}>
          {t('application:motif.label')}
          <span aria-hidden="true" className="ml-0.5 text-red-700">*</span>
        </label>
        <Select
          id={`${id}-motif`}
          required
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          value={motif}
          onChange={(e) => {
            setMotif(e.target.value);
            setMissing(false);
          }}
        >
          <option value="">{t('application:motif.placeholder')}</option>
          {(motifs.data ?? []).filter((m) => statusId === undefined || m.status_id == null || m.status_id === statusId).map((m) => (
            <option key={m.id} value={m.id}>
              {labels.motifLabel(m)}
            </option>
          ))}
        </Select>
        {missing ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {t('errors:field_required')}
          </p>
        ) : null}
        {extra ? <div className="mt-3">{extra}</div> : null}
      </div>
    </AlertDialog>
  );
}
