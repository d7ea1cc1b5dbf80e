import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseAsInteger, useQueryState } from 'nuqs';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TAppointmentTemplateItem, TPlannerPerson } from '@embauche/contracts/planner';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useTemplate } from '../api/get-template.ts';
import { useTemplates } from '../api/get-templates.ts';
import { personName } from '../lib/appointment-form.ts';
import { TemplateDialog } from './template-dialog.tsx';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; item: TAppointmentTemplateItem } | null;

/** Loads the whole template, then opens its dialog. */
function EditTemplate({
  id,
  canUseModels,
  onClose,
}: {
  id: number;
  canUseModels: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const template = useTemplate(id);
  const errorMessage = useApiErrorMessage();
  if (template.isError) {
    toast.error(errorMessage(template.error));
    onClose();
    return null;
  }
  if (!template.data) return <Spinner label={t('common:loading')} />;
  return <TemplateDialog template={template.data} canUseModels={canUseModels} onClose={onClose} />;
}

function DeleteTemplate({
  item,
  onClose,
}: {
  item: TAppointmentTemplateItem;
  onClose: () => void;
}) {
  const { t } = useTranslation('planner');
  const remove = useDeleteTemplate();
  const errorMessage = useApiErrorMessage();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('planner:templates.delete_title', { name: item.name })}
      description={t('planner:templates.delete_description')}
      confirmLabel={t('planner:templates.delete_confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(t('planner:templates.deleted', { name: item.name }));
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}

/**
 * Config page `appointment-template` (`planner.access`): the company's appointment templates, by
 * name, created, edited or deleted; booking links and the planner use them.
 */
export function TemplatesPage({ me, canUseModels }: { me: TPlannerPerson; canUseModels: boolean }) {
  const { t } = useTranslation(['planner', 'common']);
  const [page, setPage] = useQueryState('page', parseAsInteger.withDefault(1));
  const query = useTemplates(page);
  const [open, setOpen] = useState<Open>(null);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('planner:templates.new')}
          </Button>
        }
      >
        {t('planner:templates.intro')}
      </PageIntro>
      <PagedListStates
        query={query}
        error={t('planner:templates.load_error')}
        retry={t('planner:templates.retry')}
        empty={{ icon: CalendarClock, title: t('planner:templates.empty') }}
        total={(count) => t('planner:templates.total', { count })}
        onPage={(next) => void setPage(next === 1 ? null : next)}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {rows.map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="break-words font-medium text-slate-900">{item.name}</span>
                    <Badge>
                      {t('planner:templates.minutes', { count: item.duration_minutes })}
                    </Badge>
                    <Badge tone="info">{t(`planner:location.${item.location_kind}`)}</Badge>
                  </p>
                  <p className="mt-1 break-words text-sm text-slate-700">
                    {t('planner:templates.interviewers_list', {
                      names: item.interviewers.map(personName).join(', '),
                    })}
                  </p>
                  <p className="text-xs text-slate-600">{item.time_zone.replaceAll('_', ' ')}</p>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('planner:templates.edit', { name: item.name })}
                    onClick={() => setOpen({ kind: 'edit', item })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('planner:templates.delete', { name: item.name })}
                    onClick={() => setOpen({ kind: 'delete', item })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListStates>
      {open?.kind === 'create' ? (
        <TemplateDialog me={me} canUseModels={canUseModels} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'edit' ? (
        <EditTemplate
          key={open.item.id}
          id={open.item.id}
          canUseModels={canUseModels}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteTemplate item={open.item} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
