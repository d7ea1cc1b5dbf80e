import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZProjectCreateRequest, type TProject, type TProjectCreateRequest, type TProjectNode } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SubsidiarySelect } from '../../../components/subsidiary-select.tsx';
import { ProjectParentSelect } from './project-parent-select.tsx';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSaveProject } from '../api/save-project.ts';

type Props = {
  /** A project to rename, or none to create one under `parentId`. */
  project?: TProjectNode;
  parentId?: number | null;
  onClose: () => void;
  onSaved?: (project: TProject, created: boolean) => void;
};

/** Creates a folder or a project (under a folder or at the top), or renames one. */
export function ProjectFormDialog({ project, parentId = null, onClose, onSaved }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const save = useSaveProject();
  const subsidiaries = useSubsidiaries().data ?? [];
  const errorMessage = useApiErrorMessage();
  const form = useForm<TProjectCreateRequest>({
    resolver: zodResolver(ZProjectCreateRequest),
    defaultValues: project
      ? {
          name: project.name,
          type: project.type,
          parent_id: project.parent_id,
          subsidiary_id: project.subsidiary_id,
          documents_enabled: project.documents_enabled,
        }
      : { name: '', type: 1, parent_id: parentId, documents_enabled: true },
  });
  const { errors } = form.formState;
  const selectedParent = useWatch({ control: form.control, name: 'parent_id' });
  const selectedType = useWatch({ control: form.control, name: 'type' });
  // The application settings concern projects holding offers (type 1), not folders.
  const isLeaf = selectedType === 1;
  const submit = form.handleSubmit(async ({ documents_enabled, ...rest }) => {
    const values = rest.type === 1 ? { ...rest, documents_enabled } : rest;
    try {
      const saved = await save.mutateAsync(project ? { ...values, id: project.id } : values);
      toast.success(t(project ? 'projects:form.renamed' : 'projects:form.created', { name: saved.name }));
      onSaved?.(saved, !project);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name', 'type', 'parent_id', 'subsidiary_id'])) {
        form.setError('root', { message: errorMessage(error) });
      }
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={project ? t('projects:form.rename_title', { name: project.name }) : t('projects:form.create_title')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={errors.root?.message} />
        <FormField label={t('projects:form.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        {project ? null : (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('projects:form.type')}</legend>
              {([1, 0] as const).map((type) => (
                <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
                  {/* Controlled: react-hook-form gives a registered radio's value as text, whatever setValueAs says. */}
                  <input
                    type="radio"
                    name="type"
                    value={type}
                    checked={selectedType === type}
                    onChange={() => form.setValue('type', type, { shouldDirty: true })}
                    className="mt-0.5 accent-brand-600"
                  />
                  <span>
                    <span className="font-medium">{t(`projects:type.${type}`)}</span>
                    <span className="block text-slate-600">{t(`projects:form.type_hint.${type}`)}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <FormField label={t('projects:form.parent')} error={errors.parent_id}>
              {(control) => (
                <ProjectParentSelect
                  {...control}
                  value={String(selectedParent ?? '')}
                  onChange={(event) =>
                    form.setValue('parent_id', event.target.value === '' ? null : Number(event.target.value))
                  }
                />
              )}
            </FormField>
          </>
        )}
        {subsidiaries.length > 0 ? (
          <FormField label={t('projects:fields.subsidiary')} error={errors.subsidiary_id}>
            {(control) => (
              <SubsidiarySelect
                {...control}
                subsidiaries={subsidiaries}
                keepId={project?.subsidiary_id ?? null}
                {...form.register('subsidiary_id', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
              />
            )}
          </FormField>
        ) : null}
        {isLeaf ? (
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <Checkbox className="mt-0.5" {...form.register('documents_enabled')} />
            <span>{t('projects:form.documents_enabled')}</span>
          </label>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {project ? t('common:save') : t('projects:form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
