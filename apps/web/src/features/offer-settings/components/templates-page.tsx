import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutTemplate, Pencil, Plus, Trash2 } from 'lucide-react';
import type { TOfferTemplate } from '@embauche/contracts/offer-settings';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useOfferTemplates } from '../api/get-offer-templates.ts';
import { useTemplatesParams } from '../hooks/use-templates-params.ts';
import { TemplateDeleteDialog } from './template-delete-dialog.tsx';
import { TemplateDialog } from './template-dialog.tsx';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; template: TOfferTemplate } | null;

/** What a template fills, in a line: job position, contract, location. */
function Summary({ template }: { template: TOfferTemplate }) {
  const { t } = useTranslation(['offer_settings', 'projects']);
  const parts = [
    template.job_position,
    template.contract_type ? t(`projects:contract_types.${template.contract_type}`) : null,
    template.location,
  ].filter(Boolean);
  return <p className="break-words text-sm text-slate-700">{parts.length ? parts.join(' · ') : t('offer_settings:templates.no_fields')}</p>;
}

/** Config page `joboffers/templates` (`config.templates`): the templates a new offer may start from. */
export function TemplatesPage() {
  const { t } = useTranslation('offer_settings');
  const id = useId();
  const state = useTemplatesParams();
  const templates = useOfferTemplates(state.search, state.page);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('offer_settings:templates.add')}
          </Button>
        }
      >
        {t('offer_settings:templates.intro')}
      </PageIntro>
      <div role="search" aria-label={t('offer_settings:templates.search_label')} className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
          {t('offer_settings:templates.search')}
        </label>
        <Input id={`${id}-q`} type="search" value={state.q} placeholder={t('offer_settings:templates.search_placeholder')} onChange={(e) => state.setQ(e.target.value)} />
      </div>
      <PagedListStates
        query={templates}
        error={t('offer_settings:error')}
        retry={t('offer_settings:retry')}
        empty={{ icon: LayoutTemplate, title: state.search ? t('offer_settings:templates.empty_filtered') : t('offer_settings:templates.empty') }}
        total={(count) => t('offer_settings:templates.total', { count })}
        onPage={state.setPage}
      >
        {(rows) => (
          <ul aria-label={t('offer_settings:templates.list_label')} className="grid gap-3 lg:grid-cols-2">
            {rows.map((template) => (
              <li key={template.id} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="break-words font-medium text-slate-900">{template.name}</p>
                <Summary template={template} />
                <div className="flex flex-wrap justify-end gap-1">
                  <Button variant="ghost" size="sm" aria-label={t('offer_settings:templates.edit', { name: template.name })} onClick={() => setOpen({ kind: 'edit', template })}>
                    <Pencil aria-hidden="true" />
                    <span aria-hidden="true">{t('offer_settings:templates.edit_short')}</span>
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={t('offer_settings:templates.delete', { name: template.name })} onClick={() => setOpen({ kind: 'delete', template })}>
                    <Trash2 aria-hidden="true" />
                    <span aria-hidden="true">{t('offer_settings:templates.delete_short')}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListStates>
      {open?.kind === 'create' ? <TemplateDialog onClose={close} /> : null}
      {open?.kind === 'edit' ? <TemplateDialog key={open.template.id} template={open.template} onClose={close} /> : null}
      {open?.kind === 'delete' ? <TemplateDeleteDialog template={open.template} onClose={close} /> : null}
    </div>
  );
}
