import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZGroupForm, type TGroup, type TGroupFormInput, type TGroupFormValues } from '@embauche/contracts/groups';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { useRenameGroup } from '../api/rename-group.ts';

type Props = {
  /** The group to rename; none to create one. */
  group?: TGroup;
  onClose: () => void;
};

/**
 * Create or rename a group. Validated with the contracts' schema; the server's 422 codes
 * (`not_unique`…) land on the name; a toast tells the outcome.
 */
export function GroupDialog({ group, onClose }: Props) {
  const { t } = useTranslation(['groups', 'errors', 'common']);
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const form = useForm<TGroupFormInput, unknown, TGroupFormValues>({
    resolver: zodResolver(ZGroupForm),
    defaultValues: { name: group?.name ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (group) await rename.mutateAsync({ ...values, id: group.id });
      else await create.mutateAsync(values);
      toast.success(t(group ? 'groups:dialog.renamed' : 'groups:dialog.created', { name: values.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) toast.error(t('errors:generic'));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(group ? 'groups:dialog.rename_title' : 'groups:dialog.create_title')}
      description={group?.name}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('groups:dialog.name')} required error={form.formState.errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(group ? 'groups:dialog.submit_rename' : 'groups:dialog.submit_create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
