import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Mails, Pencil, Plus, Trash2 } from 'lucide-react';
import { LANGUAGES } from '@embauche/contracts/constants';
import { MAIL_KINDS, type TMailKind, type TMailModelItem } from '@embauche/contracts/mail-models';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useMailModels } from '../api/get-mail-models.ts';
import { useMailModelsParams } from '../hooks/use-mail-models-params.ts';
import { MailModelDeleteDialog } from './mail-model-delete-dialog.tsx';
import { MAIL_MODELS_BASE } from './mail-model-editor.tsx';
import { NewMailModelMenu } from './new-mail-model-menu.tsx';

/** One model: its name (a link to the editor), kind, languages, default flag, last change; edit and delete. */
function MailModelRow({
  model,
  base,
  onDelete,
}: {
  model: TMailModelItem;
  base: string;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('mail');
  const date = formatDate(model.updated_at, 'long', i18n.language);
  const languages = LANGUAGES.filter((lng) => model.languages.includes(lng));
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={`${base}/${model.id}`}
            className="break-words font-medium text-slate-900 underline-offset-4 hover:underline focus-visible:underline"
          >
            {model.name}
          </Link>
          {model.is_default ? <Badge tone="success">{t('mail:models.default')}</Badge> : null}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
          <Badge tone="info">{t(`mail:models.kinds.${model.kind}`)}</Badge>
          <ul aria-label={t('mail:models.languages')} className="flex flex-wrap gap-1">
            {languages.map((lng) => (
              <li key={lng}>
                <Badge>
                  <abbr title={t(`mail:models.language_names.${lng}`)} className="no-underline">
                    {lng.toUpperCase()}
                  </abbr>
                </Badge>
              </li>
            ))}
          </ul>
          <span className="text-slate-600">
            {model.updated_by
              ? t('mail:models.updated_by', { date, name: model.updated_by })
              : t('mail:models.updated_by_deleted', { date })}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" asChild>
          <Link to={`${base}/${model.id}`} aria-label={t('mail:models.edit', { name: model.name })}>
            <Pencil aria-hidden="true" />
            <span aria-hidden="true">{t('mail:models.edit_short')}</span>
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('mail:models.delete', { name: model.name })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          <span aria-hidden="true">{t('mail:models.delete_short')}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Config page `emails/model` (`config.emails`): the company's e-mail models, filtered by kind and
 * searched by name (both in the URL), each opened in the editor or deleted.
 */
export function MailModelsPage({
  kind,
  base = MAIL_MODELS_BASE,
  intro,
}: {
  /** Only models of this kind, without the kind filter (the onboarding templates page, issue 41). */
  kind?: TMailKind | undefined;
  /** Where the models open (`{base}/{id}`, `{base}/new`). */
  base?: string | undefined;
  /** The page's opening line, when not the models page's. */
  intro?: string | undefined;
}) {
  const { t } = useTranslation('mail');
  const id = useId();
  const params = useMailModelsParams();
  const filters = kind ? { ...params.filters, kind } : params.filters;
  const models = useMailModels(filters);
  const [deleting, setDeleting] = useState<TMailModelItem | null>(null);
  const filtered = Boolean(filters.search || (!kind && params.kind));
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          kind ? (
            <Button asChild>
              <Link to={`${base}/new`}>
                <Plus aria-hidden="true" />
                {t('mail:models.new')}
              </Link>
            </Button>
          ) : (
            <NewMailModelMenu />
          )
        }
      >
        {intro ?? t('mail:models.intro')}
      </PageIntro>
      <div
        role="search"
        aria-label={t('mail:models.search_label')}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('mail:models.search')}
          </label>
          <Input
            id={`${id}-q`}
            type="search"
            value={params.q}
            placeholder={t('mail:models.search_placeholder')}
            onChange={(event) => params.setQ(event.target.value)}
          />
        </div>
        {kind ? null : (
          <div className="flex min-w-0 flex-col gap-1.5 sm:w-72">
            <label htmlFor={`${id}-kind`} className="text-sm font-medium text-slate-800">
              {t('mail:models.kind_filter')}
            </label>
            <Select
              id={`${id}-kind`}
              value={params.kind ?? ''}
              onChange={(event) => params.setKind((event.target.value || null) as TMailKind | null)}
            >
              <option value="">{t('mail:models.all_kinds')}</option>
              {MAIL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`mail:models.kinds.${kind}`)}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      <PagedListStates
        query={models}
        error={t('mail:models.error')}
        retry={t('mail:models.retry')}
        empty={{
          icon: Mails,
          title: filtered ? t('mail:models.empty_filtered') : t('mail:models.empty'),
        }}
        total={(count) => t('mail:models.total', { count })}
        onPage={params.setPage}
      >
        {(rows) => (
          <ul
            aria-label={t('mail:models.list_label')}
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {rows.map((model) => (
              <MailModelRow
                key={model.id}
                model={model}
                base={base}
                onDelete={() => setDeleting(model)}
              />
            ))}
          </ul>
        )}
      </PagedListStates>
      {deleting ? (
        <MailModelDeleteDialog model={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </div>
  );
}
