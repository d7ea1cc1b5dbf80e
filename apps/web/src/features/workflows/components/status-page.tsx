import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TMotifSetting, TStatusSetting } from '@embauche/contracts/workflows';
import { PageIntro } from '../../../components/page-intro.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { statusNeedsMotif, usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useDeleteMotif } from '../api/delete-motif.ts';
import { useDeleteStatus } from '../api/delete-status.ts';
import { useStatusSettings } from '../api/get-status-settings.ts';
import { useUpdateMotif } from '../api/update-motif.ts';
import { useUpdateStatus } from '../api/update-status.ts';
import { asMotif, asStatus } from '../lib/labels.ts';
import { useConflictMessage } from '../lib/use-conflict-message.ts';
import { MotifDialog } from './motif-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';

type Open =
  | { kind: 'create-status' }
  | { kind: 'edit-status' | 'delete-status'; status: TStatusSetting }
  | { kind: 'create-motif'; status: TStatusSetting }
  | { kind: 'edit-motif' | 'delete-motif'; status: TStatusSetting; motif: TMotifSetting }
  | null;

/** Config page `status` (`config.status`): the company's status names and colours, and the motifs of each status. */
export function StatusPage() {
  const { t } = useTranslation(['workflows', 'common']);
  const labels = usePipelineLabels();
  const statuses = useStatusSettings();
  const updateStatus = useUpdateStatus();
  const updateMotif = useUpdateMotif();
  const deleteStatus = useDeleteStatus();
  const deleteMotif = useDeleteMotif();
  const conflict = useConflictMessage();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const statusName = (s: TStatusSetting) => labels.statusLabel(asStatus(s));
  const motifName = (m: TMotifSetting) => labels.motifLabel(asMotif(m));
  const fail = (error: unknown) => toast.error(conflict(error));

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create-status' })}>
            <Plus aria-hidden="true" />
            {t('workflows:status.add')}
          </Button>
        }
      >
        {t('workflows:status.intro')}
      </PageIntro>
      {statuses.isPending ? <Spinner className="p-4" /> : null}
      {statuses.isError ? <p role="alert" className="text-sm text-red-700">{t('common:error')}</p> : null}
      {statuses.data ? (
        <ul aria-label={t('workflows:status.list')} className="flex flex-col gap-3">
          {statuses.data.map((status) => {
            const name = statusName(status);
            const withMotifs = statusNeedsMotif(status.id) || status.motifs.length > 0;
            return (
              <li key={status.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-full ring-1 ring-slate-300"
                      style={{ background: status.color ?? 'transparent' }}
                    />
                    <h3 className="min-w-0 break-words font-medium text-slate-900">{name}</h3>
                    {status.default_status ? <Badge tone="info">{t('workflows:status.default')}</Badge> : null}
                    {status.hidden ? <Badge tone="warning">{t('workflows:status.hidden')}</Badge> : null}
                    <span className="text-xs text-slate-600">{t('workflows:status.applications', { count: status.application_count })}</span>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Button variant="outline" size="sm" aria-label={t('workflows:status.edit', { name })} onClick={() => setOpen({ kind: 'edit-status', status })}>
                      <Pencil aria-hidden="true" />
                      <span aria-hidden="true">{t('workflows:actions.edit')}</span>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t(status.hidden ? 'workflows:status.show' : 'workflows:status.hide', { name })}
                      onClick={() => updateStatus.mutate({ id: status.id, hidden: !status.hidden }, { onError: fail })}
                    >
                      {status.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                      <span aria-hidden="true">{t(status.hidden ? 'workflows:actions.show' : 'workflows:actions.hide')}</span>
                    </Button>
                    {status.default_status ? null : (
                      <Button variant="outline" size="sm" aria-label={t('workflows:status.delete', { name })} onClick={() => setOpen({ kind: 'delete-status', status })}>
                        <Trash2 aria-hidden="true" />
                        <span aria-hidden="true">{t('workflows:actions.delete')}</span>
                      </Button>
                    )}
                  </div>
                </div>
                {withMotifs ? (
                  <div className="mt-3 border-t border-slate-100 pt-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h4 className="text-sm font-medium text-slate-800">{t('workflows:motif.title')}</h4>
                      <Button variant="ghost" size="sm" aria-label={t('workflows:motif.add_for', { status: name })} onClick={() => setOpen({ kind: 'create-motif', status })}>
                        <Plus aria-hidden="true" />
                        <span aria-hidden="true">{t('workflows:motif.add')}</span>
                      </Button>
                    </div>
                    <ul aria-label={t('workflows:motif.list', { status: name })} className="mt-2 flex flex-col gap-1">
                      {status.motifs.map((motif) => {
                        const label = motifName(motif);
                        return (
                          <li key={motif.id} className="flex flex-col gap-1 rounded-md bg-slate-50 px-2 py-1.5 sm:flex-row sm:items-center">
                            <span className="min-w-0 flex-1 break-words text-sm text-slate-800">
                              {label}
                              {motif.hidden ? <Badge tone="warning" className="ml-2">{t('workflows:status.hidden')}</Badge> : null}
                            </span>
                            <div className="flex flex-wrap gap-1">
                              <Button variant="ghost" size="sm" aria-label={t('workflows:motif.edit', { name: label })} onClick={() => setOpen({ kind: 'edit-motif', status, motif })}>
                                <Pencil aria-hidden="true" />
                              </Button>
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={t(motif.hidden ? 'workflows:motif.show' : 'workflows:motif.hide', { name: label })}
                                onClick={() => updateMotif.mutate({ id: motif.id, hidden: !motif.hidden }, { onError: fail })}
                              >
                                {motif.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                              </Button>
                              {motif.default_motif ? null : (
                                <Button variant="ghost" size="sm" aria-label={t('workflows:motif.delete', { name: label })} onClick={() => setOpen({ kind: 'delete-motif', status, motif })}>
                                  <Trash2 aria-hidden="true" />
                                </Button>
                              )}
                            </div>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {open?.kind === 'create-status' ? <StatusDialog onClose={close} /> : null}
      {open?.kind === 'edit-status' ? <StatusDialog status={open.status} onClose={close} /> : null}
      {open?.kind === 'create-motif' ? <MotifDialog statusId={open.status.id} statusName={statusName(open.status)} onClose={close} /> : null}
      {open?.kind === 'edit-motif' ? <MotifDialog motif={open.motif} statusId={open.status.id} statusName={statusName(open.status)} onClose={close} /> : null}
      {open?.kind === 'delete-status' ? (
        <AlertDialog
          open
          onOpenChange={(o) => (o ? undefined : close())}
          title={t('workflows:status.delete_title', { name: statusName(open.status) })}
          description={t('workflows:status.delete_description')}
          confirmLabel={t('workflows:actions.delete')}
          destructive
          loading={deleteStatus.isPending}
          onConfirm={() =>
            deleteStatus.mutate(open.status.id, {
              onSuccess: () => {
                toast.success(t('workflows:status.deleted', { name: statusName(open.status) }));
                close();
              },
              onError: (error) => {
                fail(error);
                close();
              },
            })
          }
        />
      ) : null}
      {open?.kind === 'delete-motif' ? (
        <AlertDialog
          open
          onOpenChange={(o) => (o ? undefined : close())}
          title={t('workflows:motif.delete_title', { name: motifName(open.motif) })}
          confirmLabel={t('workflows:actions.delete')}
          destructive
          loading={deleteMotif.isPending}
          onConfirm={() =>
            deleteMotif.mutate(open.motif.id, {
              onSuccess: () => {
                toast.success(t('workflows:motif.deleted', { name: motifName(open.motif) }));
                close();
              },
              onError: (error) => {
                fail(error);
                close();
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
