import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ZRecruitmentListForm,
  type TRecruitmentList,
  type TRecruitmentListCreate,
  type TRecruitmentListForm,
  type TRecruitmentListItem,
} from '@embauche/contracts/recruitment-lists';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useCreateRecruitmentList } from '../api/create-recruitment-list.ts';
import { useUpdateRecruitmentList } from '../api/update-recruitment-list.ts';
import { RecruitmentListUserSelect } from './recruitment-list-user-select.tsx';

type Props = {
  /** The list to edit; none to add one. */
  list?: TRecruitmentListItem;
  onClose: () => void;
  onSaved?: (list: TRecruitmentList) => void;
};

const FIELDS = ['name', 'description', 'type', 'collaborative', 'shared_user_ids'] as const;

function defaults(list?: TRecruitmentListItem): TRecruitmentListForm {
  return list
    ? {
        name: list.name,
        description: list.description ?? '',
        type: list.private ? 'private' : 'shared',
        collaborative: list.collaborative,
        shared_user_ids: list.shared_users.map((user) => user.id),
      }
    : { name: '', description: '', type: 'private', collaborative: false, shared_user_ids: [] };
}

const RADIO = 'mt-0.5 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

/**
 * Spec 2 "Recruitment list dialog": title, description, private or shared; shared adds the
 * collaborative choice and the users to share with. Validated with the contracts' schema (spec 5);
 * the server's 422 codes land on their fields; a toast tells the outcome (spec 8).
 */
export function RecruitmentListDialog({ list, onClose, onSaved }: Props) {
  const { t } = useTranslation(['sourcing', 'errors']);
  const create = useCreateRecruitmentList();
  const update = useUpdateRecruitmentList();
  const form = useForm<TRecruitmentListForm, unknown, TRecruitmentListCreate>({
    resolver: zodResolver(ZRecruitmentListForm),
    defaultValues: defaults(list),
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const collaborative = useWatch({ control: form.control, name: 'collaborative' });
  const sharedUserIds = useWatch({ control: form.control, name: 'shared_user_ids' }) ?? [];

  const submit = form.handleSubmit(async (values) => {
    // Private: nobody to share with, nothing collaborative.
    const body = values.type === 'private' ? { ...values, collaborative: false, shared_user_ids: [] } : values;
    try {
      const saved = list ? await update.mutateAsync({ ...body, id: list.id }) : await create.mutateAsync(body);
      toast.success(t(list ? 'sourcing:lists.dialog.updated' : 'sourcing:lists.dialog.added'));
      form.reset(defaults());
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS)) toast.error(t('errors:generic'));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(list ? 'sourcing:lists.dialog.edit_title' : 'sourcing:lists.dialog.add_title')}
      description={list ? list.name : undefined}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField label={t('sourcing:lists.dialog.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        <FormField label={t('sourcing:lists.dialog.description')} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
              {...form.register('description')}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('sourcing:lists.dialog.type')}
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
          </legend>
          {(['private', 'shared'] as const).map((value) => (
            <label key={value} className="grid grid-cols-[auto_1fr] items-start gap-x-2 text-sm text-slate-800">
              <input
                type="radio"
                name="type"
                value={value}
                checked={type === value}
                onChange={() => form.setValue('type', value, { shouldDirty: true })}
                className={RADIO}
              />
              <span className="font-medium">{t(`sourcing:lists.dialog.type_${value}`)}</span>
              <span className="col-start-2 text-slate-600">{t(`sourcing:lists.dialog.type_${value}_hint`)}</span>
            </label>
          ))}
        </fieldset>
        {type === 'shared' ? (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('sourcing:lists.dialog.collaborative')}</legend>
              {([true, false] as const).map((value) => (
                <label key={String(value)} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="collaborative"
                    checked={Boolean(collaborative) === value}
                    onChange={() => form.setValue('collaborative', value, { shouldDirty: true })}
                    className={RADIO}
                  />
                  <span>{t(value ? 'sourcing:lists.dialog.collaborative_yes' : 'sourcing:lists.dialog.collaborative_no')}</span>
                </label>
              ))}
            </fieldset>
            <RecruitmentListUserSelect
              value={sharedUserIds}
              onChange={(ids) => form.setValue('shared_user_ids', ids, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
              known={list?.shared_users ?? []}
              error={errors.shared_user_ids as FieldError | undefined}
            />
          </>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t(list ? 'sourcing:lists.dialog.submit_update' : 'sourcing:lists.dialog.submit_add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
