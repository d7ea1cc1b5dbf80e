import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Plus } from 'lucide-react';
import { ZWorkflowForm, type TStatusSetting, type TWorkflow, type TWorkflowFormInput, type TWorkflowFormValues } from '@embauche/contracts/workflows';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField, errorCodes } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useSaveWorkflow } from '../api/save-workflow.ts';
import { asMotif, asStatus } from '../lib/labels.ts';
import { SortableStatuses, type SortableStatus } from './sortable-statuses.tsx';

type Props = {
  /** The workflow to edit; none to create one (starting from the default workflow's statuses). */
  workflow?: TWorkflow;
  initialStatusIds: number[];
  statuses: TStatusSetting[];
  onDone: () => void;
};

/** The workflow form: its name, whether it is the default, its statuses in order (with their motifs). */
export function WorkflowEditor({ workflow, initialStatusIds, statuses, onDone }: Props) {
  const { t } = useTranslation(['workflows', 'errors', 'common']);
  const labels = usePipelineLabels();
  const id = useId();
  const save = useSaveWorkflow();
  const form = useForm<TWorkflowFormInput, unknown, TWorkflowFormValues>({
    resolver: zodResolver(ZWorkflowForm),
    defaultValues: { name: workflow?.name ?? '', status_ids: initialStatusIds, is_default: workflow?.is_default ?? false },
  });
  const statusIds = useWatch({ control: form.control, name: 'status_ids' });
  const [toAdd, setToAdd] = useState('');
  const byId = new Map(statuses.map((s) => [s.id, s]));
  const items: SortableStatus[] = statusIds.flatMap((statusId) => {
    const s = byId.get(statusId);
    return s
      ? [{ id: s.id, label: labels.statusLabel(asStatus(s)), color: s.color, motifs: s.motifs.filter((m) => !m.hidden).map((m) => labels.motifLabel(asMotif(m))) }]
      : [];
  });
  const addable = statuses.filter((s) => !statusIds.includes(s.id) && !s.hidden);
  const setIds = (ids: number[]) => form.setValue('status_ids', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, id: workflow?.id });
      toast.success(t(workflow ? 'workflows:editor.saved' : 'workflows:editor.created', { name: values.name }));
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name', 'status_ids', 'is_default'])) toast.error(t('errors:generic'));
    }
  });
  const statusErrors = errorCodes(form.formState.errors.status_ids as never);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <FormField label={t('workflows:editor.name')} required error={form.formState.errors.name}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <Checkbox {...form.register('is_default')} disabled={workflow?.is_default} />
        {t('workflows:editor.is_default')}
      </label>
      <div className="flex flex-col gap-2">
        <h3 id={`${id}-statuses`} className="text-sm font-medium text-slate-800">
          {t('workflows:editor.statuses')}
        </h3>
        <p className="text-xs text-slate-600">{t('workflows:editor.hint')}</p>
        <SortableStatuses items={items} onChange={setIds} labelledBy={`${id}-statuses`} />
        {statusErrors.length ? (
          <p role="alert" className="text-sm text-red-700">
            {statusErrors.map((code) => translateErrorCode(t, code)).join(' ')}
          </p>
        ) : null}
        {addable.length ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <label htmlFor={`${id}-add`} className="text-sm font-medium text-slate-800">
                {t('workflows:editor.add_status')}
              </label>
              <Select id={`${id}-add`} value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
                <option value="">{t('workflows:editor.choose_status')}</option>
                {addable.map((s) => (
                  <option key={s.id} value={s.id}>
                    {labels.statusLabel(asStatus(s))}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="outline"
              disabled={!toAdd}
              onClick={() => {
                setIds([...statusIds, Number(toAdd)]);
                setToAdd('');
              }}
            >
              <Plus aria-hidden="true" />
              {t('workflows:editor.add')}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t(workflow ? 'common:save' : 'workflows:editor.create')}
        </Button>
      </div>
    </form>
  );
}
