import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { STATUS_NAME_MAX, type TMotifSetting } from '@embauche/contracts/workflows';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useCreateMotif } from '../api/create-motif.ts';
import { useUpdateMotif } from '../api/update-motif.ts';

type Props = {
  /** The motif to rename; none to create one for `statusId`. */
  motif?: TMotifSetting;
  statusId: number;
  statusName: string;
  onClose: () => void;
};

/** Create a motif for a status, or rename one (a default motif renamed keeps its translation as fallback). */
export function MotifDialog({ motif, statusId, statusName, onClose }: Props) {
  const { t } = useTranslation(['workflows', 'errors', 'common']);
  const labels = usePipelineLabels();
  const create = useCreateMotif();
  const update = useUpdateMotif();
  const isDefault = motif?.default_motif ?? false;
  const name = z.string().trim().max(STATUS_NAME_MAX, `max_length:${STATUS_NAME_MAX}`);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: isDefault ? name : name.min(1, 'field_required') })),
    defaultValues: { name: motif ? (motif.default_motif ? (motif.label ?? '') : motif.name) : '' },
  });
  const translated = motif?.default_motif ? labels.motifLabel({ name: motif.name, default_motif: true }) : undefined;
  const submit = form.handleSubmit(async (values) => {
    try {
      if (motif) await update.mutateAsync({ id: motif.id, name: values.name || null });
      else await create.mutateAsync({ name: values.name, status_id: statusId });
      toast.success(t(motif ? 'workflows:motif.saved' : 'workflows:motif.created', { name: values.name || translated }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) toast.error(t('errors:generic'));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(motif ? 'workflows:motif.edit_title' : 'workflows:motif.create_title', { status: statusName })}
      description={translated}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label={t('workflows:motif.name')}
          required={!isDefault}
          error={form.formState.errors.name}
          hint={isDefault ? t('workflows:status.name_hint', { name: translated }) : undefined}
        >
          {(control) => <Input {...control} autoComplete="off" placeholder={translated} {...form.register('name')} />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('common:save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
