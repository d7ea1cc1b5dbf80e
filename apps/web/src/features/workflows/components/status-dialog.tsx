import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { STATUS_NAME_MAX, type TStatusSetting } from '@embauche/contracts/workflows';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useCreateStatus } from '../api/create-status.ts';
import { useUpdateStatus } from '../api/update-status.ts';

const DEFAULT_COLOR = '#64748b';

/** A default status may have no name of its own (then shown translated); a custom one needs one. */
function schema(required: boolean) {
  const name = z.string().trim().max(STATUS_NAME_MAX, `max_length:${STATUS_NAME_MAX}`);
  return z.object({
    name: required ? name.min(1, 'field_required') : name,
    useColor: z.boolean(),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'invalid'),
  });
}
type Values = { name: string; useColor: boolean; color: string };

/** Create a custom status or rename / recolour one; a default status renamed keeps its translation as fallback. */
export function StatusDialog({ status, onClose }: { status?: TStatusSetting; onClose: () => void }) {
  const { t } = useTranslation(['workflows', 'errors', 'common']);
  const labels = usePipelineLabels();
  const create = useCreateStatus();
  const update = useUpdateStatus();
  const isDefault = status?.default_status ?? false;
  const form = useForm<Values>({
    resolver: zodResolver(schema(!isDefault)),
    defaultValues: {
      name: status ? (status.default_status ? (status.label ?? '') : status.name) : '',
      useColor: Boolean(status?.color),
      color: status?.color ?? DEFAULT_COLOR,
    },
  });
  const useColor = useWatch({ control: form.control, name: 'useColor' });
  const translated = status?.default_status ? labels.statusLabel({ name: status.name, default_status: true }) : undefined;
  const submit = form.handleSubmit(async (values) => {
    const color = values.useColor ? values.color : null;
    try {
      if (status) await update.mutateAsync({ id: status.id, name: values.name || null, color });
      else await create.mutateAsync({ name: values.name, color });
      toast.success(t(status ? 'workflows:status.saved' : 'workflows:status.created', { name: values.name || translated }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name', 'color'])) toast.error(t('errors:generic'));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(status ? 'workflows:status.edit_title' : 'workflows:status.create_title')}
      description={translated}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label={t('workflows:status.name')}
          required={!isDefault}
          error={form.formState.errors.name}
          hint={isDefault ? t('workflows:status.name_hint', { name: translated }) : undefined}
        >
          {(control) => <Input {...control} autoComplete="off" placeholder={translated} {...form.register('name')} />}
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox {...form.register('useColor')} />
          {t('workflows:status.use_color')}
        </label>
        {useColor ? (
          <FormField label={t('workflows:status.color')} error={form.formState.errors.color}>
            {(control) => <input {...control} type="color" className="h-10 w-20 cursor-pointer rounded border border-slate-300" {...form.register('color')} />}
          </FormField>
        ) : null}
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
