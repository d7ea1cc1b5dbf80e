import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TOnboardingProcess } from '@embauche/contracts/onboarding';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { ListStates } from '../../../components/paged-list-states.tsx';
import { PageIntro } from '../../../components/page-intro.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDeleteOnboardingProcess } from '../api/delete-onboarding-process.ts';
import { useOnboardingProcesses } from '../api/get-onboarding-processes.ts';

const BASE = '/config/onboarding/process';

/**
 * Config page `onboarding/process` (`config.onboarding`): the company's onboarding processes,
 * each with its number of steps and of onboardings started with it; opened in the editor or deleted.
 */
export function ProcessesPage() {
  const { t } = useTranslation('onboarding');
  const processes = useOnboardingProcesses();
  const remove = useDeleteOnboardingProcess();
  const [deleting, setDeleting] = useState<TOnboardingProcess | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button asChild>
            <Link to={`${BASE}/new`}>
              <Plus aria-hidden="true" />
              {t('onboarding:processes.new')}
            </Link>
          </Button>
        }
      >
        {t('onboarding:processes.intro')}
      </PageIntro>
      <ListStates
        query={processes}
        error={t('onboarding:processes.error')}
        retry={t('onboarding:retry')}
        empty={{ icon: ListChecks, title: t('onboarding:processes.empty') }}
      >
        {(rows) => (
          <ul
            aria-label={t('onboarding:processes.list_label')}
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {rows.map((p) => (
              <li key={p.id} className="flex min-w-0 flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`${BASE}/${p.id}`}
                      className="break-words font-medium text-slate-900 underline-offset-4 hover:underline focus-visible:underline"
                    >
                      {p.name}
                    </Link>
                    {p.active ? null : <Badge>{t('onboarding:processes.inactive')}</Badge>}
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    {t('onboarding:processes.steps', { count: p.steps.length })}
                    {' · '}
                    {t('onboarding:processes.used', { count: p.onboarding_count })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <Button variant="ghost" size="sm" asChild>
                    <Link to={`${BASE}/${p.id}`} aria-label={t('onboarding:processes.edit', { name: p.name })}>
                      <Pencil aria-hidden="true" />
                      <span aria-hidden="true">{t('onboarding:processes.edit_short')}</span>
                    </Link>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('onboarding:processes.delete', { name: p.name })}
                    onClick={() => setDeleting(p)}
                  >
                    <Trash2 aria-hidden="true" />
                    <span aria-hidden="true">{t('onboarding:processes.delete_short')}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {deleting ? (
        <ConfirmDeleteDialog
          remove={remove}
          variables={deleting.id}
          title={t('onboarding:processes.delete_title', { name: deleting.name })}
          description={t('onboarding:processes.delete_description', { count: deleting.onboarding_count })}
          confirmLabel={t('onboarding:processes.delete_confirm')}
          deleted={t('onboarding:processes.deleted', { name: deleting.name })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
