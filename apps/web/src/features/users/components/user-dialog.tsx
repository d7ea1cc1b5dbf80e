import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LANGUAGES } from '@embauche/contracts/constants';
import {
  ZUserForm,
  type TUser,
  type TUserChoices,
  type TUserFormInput,
  type TUserFormValues,
} from '@embauche/contracts/users';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

type Props = {
  /** The user to edit; none to add one. */
  user?: TUser;
  choices: TUserChoices | undefined;
  onClose: () => void;
};

const FIELDS = ['firstname', 'lastname', 'email', 'role_id', 'language', 'subsidiary_id', 'group_ids'] as const;

function defaults(user?: TUser): TUserFormInput {
  return user
    ? {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        role_id: user.role_id ?? '',
        language: user.language as TUserFormInput['language'],
        subsidiary_id: user.subsidiary_id ?? '',
        group_ids: user.groups.map((g) => g.id),
      }
    : { firstname: '', lastname: '', email: '', role_id: '', language: 'fr', subsidiary_id: '', group_ids: [] };
}

/** A select's value as the schema reads it: '' for nothing chosen, the id as a number otherwise. */
const idValue = (value: unknown) => (value === '' || value === null || value === undefined ? '' : Number(value));

/**
 * Create or edit a user: names, e-mail, role, language, subsidiary and groups. Validated with the
 * contracts' schema; the server's 422 codes (`email_taken`…) land on their fields; a toast tells
 * the outcome. A new user gets no password: they choose one from the password-reset link.
 */
export function UserDialog({ user, choices, onClose }: Props) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<TUserFormInput, unknown, TUserFormValues>({
    resolver: zodResolver(ZUserForm),
    defaultValues: defaults(user),
  });
  const { errors } = form.formState;
  const groupIds = useWatch({ control: form.control, name: 'group_ids' }) ?? [];
  // The choices leave archived subsidiaries out; the user's own stays theirs (the server keeps it).
  const own = user?.subsidiary;
  const subsidiaries = [
    ...(choices?.subsidiaries ?? []),
    ...(choices && own && !choices.subsidiaries.some((s) => s.id === own.id)
      ? [{ id: own.id, name: t('users:dialog.archived_subsidiary', { name: own.name }) }]
      : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    try {
      if (user) await update.mutateAsync({ ...values, id: user.id });
      else await create.mutateAsync(values);
      toast.success(t(user ? 'users:dialog.updated' : 'users:dialog.created', { name: `${values.firstname} ${values.lastname}` }));
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) toast.error(t('errors:generic'));
    }
  });

  const toggleGroup = (id: number, checked: boolean) =>
    form.setValue('group_ids', checked ? [...groupIds, id] : groupIds.filter((g) => g !== id), { shouldDirty: true });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(user ? 'users:dialog.edit_title' : 'users:dialog.create_title')}
      description={user ? `${user.firstname} ${user.lastname}` : t('users:dialog.create_description')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('users:dialog.firstname')} required error={errors.firstname}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('firstname')} />}
          </FormField>
          <FormField label={t('users:dialog.lastname')} required error={errors.lastname}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('lastname')} />}
          </FormField>
        </div>
        <FormField label={t('users:dialog.email')} required error={errors.email}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('users:dialog.role')} required error={errors.role_id as FieldError | undefined}>
            {(control) => (
              <Select {...control} {...form.register('role_id', { setValueAs: idValue })}>
                <option value="">{t('users:dialog.choose')}</option>
                {(choices?.roles ?? []).map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label={t('users:dialog.language')} required error={errors.language as FieldError | undefined}>
            {(control) => (
              <Select {...control} {...form.register('language')}>
                {LANGUAGES.map((lng) => (
                  <option key={lng} value={lng}>
                    {t(`users:languages.${lng}`)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {subsidiaries.length ? (
          <FormField label={t('users:dialog.subsidiary')} error={errors.subsidiary_id as FieldError | undefined}>
            {(control) => (
              <Select {...control} {...form.register('subsidiary_id', { setValueAs: idValue })}>
                <option value="">{t('users:dialog.no_subsidiary')}</option>
                {subsidiaries.map((subsidiary) => (
                  <option key={subsidiary.id} value={subsidiary.id}>
                    {subsidiary.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        {choices?.groups.length ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('users:dialog.groups')}</legend>
            {choices.groups.map((group) => (
              <label key={group.id} className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox checked={groupIds.includes(group.id)} onChange={(e) => toggleGroup(group.id, e.target.checked)} />
                <span className="break-words">{group.name}</span>
              </label>
            ))}
            {errors.group_ids ? (
              <p className="text-sm text-red-700">{translateErrorCode(t, (errors.group_ids as FieldError).message ?? 'invalid')}</p>
            ) : null}
          </fieldset>
        ) : null}
        {user ? null : <p className="text-sm text-slate-600">{t('users:dialog.password_hint')}</p>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(user ? 'users:dialog.submit_update' : 'users:dialog.submit_create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
