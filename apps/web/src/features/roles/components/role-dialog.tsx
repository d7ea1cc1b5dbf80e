import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZRoleForm, type TRole, type TRoleFormInput, type TRoleFormValues } from '@embauche/contracts/roles';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateRole } from '../api/create-role.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { roleDepths, subtreeIds } from './role-tree-utils.ts';

/** Add a child to `role`, rename `role`, or move `role` under another parent. */
export type RoleDialogMode = 'create' | 'rename' | 'move';

type Props = {
  mode: RoleDialogMode;
  role: TRole;
  roles: TRole[];
  /** `created`: the new role; `changed`: whether anything was saved. */
  onClose: (created?: TRole, changed?: boolean) => void;
};

const FIELDS = ['name', 'parent_id'] as const;
const TITLES = { create: 'rights:dialog.create_title', rename: 'rights:dialog.rename_title', move: 'rights:dialog.move_title' } as const;
const DONE = { create: 'rights:dialog.created', rename: 'rights:dialog.renamed', move: 'rights:dialog.moved' } as const;

export function RoleDialog({ mode, role, roles, onClose }: Props) {
  const { t } = useTranslation(['rights', 'errors', 'common']);
  const create = useCreateRole();
  const update = useUpdateRole();
  const errorMessage = useApiErrorMessage();
  const form = useForm<TRoleFormInput, unknown, TRoleFormValues>({
    resolver: zodResolver(ZRoleForm),
    defaultValues: mode === 'create' ? { name: '', parent_id: role.id } : { name: role.name, parent_id: role.parent_id ?? '' },
  });
  const { errors } = form.formState;
  const depths = roleDepths(roles);
  const blocked = subtreeIds(roles, role.id);
  const parents = roles.filter((r) => !blocked.has(r.id));

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = mode === 'create' ? await create.mutateAsync(values) : await update.mutateAsync({ ...values, id: role.id });
      toast.success(t(DONE[mode], { name: saved.name }));
      onClose(mode === 'create' ? saved : undefined, true);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t(TITLES[mode], { name: role.name })}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {mode === 'move' ? (
          <FormField label={t('rights:dialog.parent')} required error={errors.parent_id as FieldError | undefined}>
            {(control) => (
              <Select {...control} {...form.register('parent_id', { setValueAs: (v: string) => (v === '' ? '' : Number(v)) })}>
                {parents.map((parent) => (
                  <option key={parent.id} value={parent.id}>
                    {`${'\u00a0\u00a0'.repeat(depths.get(parent.id) ?? 0)}${parent.name}`}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : (
          <FormField label={t('rights:dialog.name')} required error={errors.name}>
            {(control) => <Input {...control} autoComplete="off" maxLength={255} {...form.register('name')} />}
          </FormField>
        )}
        {mode !== 'move' && errors.parent_id ? (
          <p role="alert" className="text-sm text-red-700">
            {t(`errors:${String((errors.parent_id as FieldError).message ?? 'invalid').split(':')[0]}`)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onClose()}>
            {t('rights:dialog.cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('rights:dialog.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
