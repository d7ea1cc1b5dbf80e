import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowRightLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TRole } from '@embauche/contracts/roles';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useRolePermissions } from '../api/get-role-permissions.ts';
import { useRoles } from '../api/get-roles.ts';
import { useSaveRolePermissions } from '../api/save-role-permissions.ts';
import { DeleteRoleDialog } from './delete-role-dialog.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';
import { RoleDialog, type RoleDialogMode } from './role-dialog.tsx';
import { RolesTree } from './roles-tree.tsx';
import { sameKeys } from './role-tree-utils.ts';

/**
 * Config page `users/rights` (`internal.users_rights`): the company's roles tree on the left (above
 * on narrow screens), the selected role's permissions on the right. Edits stay a draft until
 * saved; switching role or leaving the page with a draft asks first. `onRolesChanged` runs after a
 * role is created, renamed, moved or deleted (other screens list the roles).
 */
export function RightsPage({ onRolesChanged }: { onRolesChanged?: () => void }) {
  const { t } = useTranslation(['rights', 'errors', 'common']);
  const roles = useRoles();
  const list = roles.data ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const selected = list.find((r) => r.id === chosenId) ?? list[0] ?? null;
  const permissions = useRolePermissions(selected?.id ?? null);
  const saved = permissions.data?.permissions ?? [];
  const [draft, setDraft] = useState<{ roleId: number; keys: string[] } | null>(null);
  const edited = draft && draft.roleId === selected?.id ? draft.keys : null;
  const dirty = edited !== null && !sameKeys(edited, saved);
  const [switchTo, setSwitchTo] = useState<number | null>(null);
  const [dialog, setDialog] = useState<RoleDialogMode | null>(null);
  const [deleting, setDeleting] = useState<TRole | null>(null);
  const save = useSaveRolePermissions();
  const errorMessage = useApiErrorMessage();

  const select = (id: number) => {
    if (id === selected?.id) return;
    if (dirty) setSwitchTo(id);
    else {
      setDraft(null);
      setChosenId(id);
    }
  };

  const onSave = () => {
    if (!selected || !edited) return;
    save.mutate(
      { roleId: selected.id, permissions: edited },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('rights:matrix.saved', { name: selected.name }));
        },
        onError: (error) => {
          const code = isApiError(error) && error.status === 422 ? error.errors?.permissions?.[0] : undefined;
          toast.error(code ? translateErrorCode(t, code) : errorMessage(error));
        },
      },
    );
  };

  if (roles.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('rights:loading')} />
      </div>
    );
  if (roles.isError || !selected)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
        <p>{t('rights:error')}</p>
        <Button variant="outline" size="sm" onClick={() => void roles.refetch()}>
          {t('rights:retry')}
        </Button>
      </div>
    );

  const isRoot = selected.parent_id === null;
  return (
    <div className="@container flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">{t('rights:intro')}</p>
      <div className="grid min-w-0 gap-6 @2xl:grid-cols-[minmax(13rem,17rem)_minmax(0,1fr)]">
        <section aria-labelledby="rights-tree-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="rights-tree-heading" className="text-base font-semibold text-slate-900">
            {t('rights:tree.heading')}
          </h2>
          <div role="group" aria-label={t('rights:tree.actions', { name: selected.name })} className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setDialog('create')}>
              <Plus aria-hidden="true" />
              {t('rights:tree.add_child')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDialog('rename')}>
              <Pencil aria-hidden="true" />
              {t('rights:tree.rename')}
            </Button>
            <Button size="sm" variant="outline" disabled={isRoot} onClick={() => setDialog('move')}>
              <ArrowRightLeft aria-hidden="true" />
              {t('rights:tree.move')}
            </Button>
            <Button size="sm" variant="outline" disabled={isRoot} onClick={() => setDeleting(selected)}>
              <Trash2 aria-hidden="true" />
              {t('rights:tree.delete')}
            </Button>
          </div>
          <div className="rounded-lg border border-slate-200 p-2">
            <RolesTree roles={list} selectedId={selected.id} onSelect={select} />
          </div>
        </section>
        {permissions.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : permissions.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
            <p>{t('rights:matrix.error')}</p>
            <Button variant="outline" size="sm" onClick={() => void permissions.refetch()}>
              {t('rights:retry')}
            </Button>
          </div>
        ) : (
          <PermissionMatrix
            key={selected.id}
            roleName={selected.name}
            value={edited ?? saved}
            dirty={dirty}
            saving={save.isPending}
            onChange={(keys) => setDraft({ roleId: selected.id, keys })}
            onSave={onSave}
            onCancel={() => setDraft(null)}
          />
        )}
      </div>
      {dialog ? (
        <RoleDialog
          mode={dialog}
          role={selected}
          roles={list}
          onClose={(created, changed) => {
            setDialog(null);
            if (changed) onRolesChanged?.();
            if (created && !dirty) setChosenId(created.id);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteRoleDialog
          role={deleting}
          onClose={(deleted) => {
            if (deleted) {
              setChosenId(deleting.parent_id);
              onRolesChanged?.();
            }
            setDeleting(null);
          }}
        />
      ) : null}
      <AlertDialog
        open={switchTo !== null}
        onOpenChange={(open) => (open ? undefined : setSwitchTo(null))}
        title={t('rights:guard.title')}
        description={t('rights:guard.description', { name: selected.name })}
        confirmLabel={t('rights:guard.confirm')}
        cancelLabel={t('rights:guard.cancel')}
        destructive
        onConfirm={() => {
          setDraft(null);
          setChosenId(switchTo);
          setSwitchTo(null);
        }}
      />
      <UnsavedChangesGuard
        when={dirty}
        title={t('rights:guard.title')}
        description={t('rights:guard.description', { name: selected.name })}
        confirmLabel={t('rights:guard.confirm')}
        cancelLabel={t('rights:guard.cancel')}
      />
    </div>
  );
}
