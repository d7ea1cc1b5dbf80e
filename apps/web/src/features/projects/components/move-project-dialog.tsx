import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectNode } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useMoveProject } from '../api/move-project.ts';
import { ProjectParentSelect } from './project-parent-select.tsx';

function subtreeIds(node: TProjectNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** Moves a project under another folder or to the top level; a folder cannot go inside itself. */
export function MoveProjectDialog({ project, onClose }: { project: TProjectNode; onClose: () => void }) {
  const { t } = useTranslation(['projects', 'common']);
  const move = useMoveProject();
  const errorMessage = useApiErrorMessage();
  const [target, setTarget] = useState(project.parent_id === null ? '' : String(project.parent_id));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await move.mutateAsync({ id: project.id, target: target === '' ? null : Number(target) });
      toast.success(t('projects:move.done', { name: project.name }));
      onClose();
    } catch (failure) {
      setError(isApiError(failure) && failure.status === 422 ? t('projects:move.invalid_target') : errorMessage(failure));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('projects:move.title', { name: project.name })}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={error} />
        <FormField label={t('projects:move.target')}>
          {(control) => (
            <ProjectParentSelect
              {...control}
              exclude={new Set(subtreeIds(project))}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={move.isPending}>
            {t('projects:move.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
