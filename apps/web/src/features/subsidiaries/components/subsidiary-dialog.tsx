import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ZSubsidiaryRename,
  type TSubsidiaryItem,
  type TSubsidiaryRenameInput,
  type TSubsidiaryRenameValues,
} from '@embauche/contracts/subsidiaries';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateSubsidiary } from '../api/create-subsidiary.ts';
import { useRenameSubsidiary } from '../api/rename-subsidiary.ts';

type Props = {
  /** The subsidiary to rename; none to create one. */
  subsidiary?: TSubsidiaryItem;
  /** Where a new subsidiary goes (`null`: the top level). */
  parent?: TSubsidiaryItem | null;
  onClose: () => void;
};

/**
 * Create (at the top level or under `parent`) or rename a subsidiary. Validated with the contracts'
 * schema; the server's 422 codes (`not_unique`, `parent_archived`…) land on the name.
 */
export function SubsidiaryDialog({ subsidiary, parent = null, onClose }: Props) {
  const { t } = useTranslation(['subsidiaries', 'errors', 'common']);
  const create = useCreateSubsidiary();
  const rename = useRenameSubsidiary();
  const errorMessage = useApiErrorMessage();
  const form = useForm<TSubsidiaryRenameInput, unknown, TSubsidiaryRenameValues>({
    resolver: zodResolver(ZSubsidiaryRename),
    defaultValues: { name: subsidiary?.name ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      if (subsidiary) await rename.mutateAsync({ ...values, id: subsidiary.id });
      else await create.mutateAsync({ name: values.name, parent_id: parent?.id ?? null });
      toast.success(t(subsidiary ? 'subsidiaries:dialog.renamed' : 'subsidiaries:dialog.created', { name: values.name }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) toast.error(errorMessage(error));
    }
  });
  const title = subsidiary
    ? t('subsidiaries:dialog.rename_title')
    : parent
      ? t('subsidiaries:dialog.create_child_title', { name: parent.name })
      : t('subsidiaries:dialog.create_title');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} description={subsidiary?.name}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('subsidiaries:dialog.name')} required error={form.formState.errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(subsidiary ? 'subsidiaries:dialog.submit_rename' : 'subsidiaries:dialog.submit_create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
