import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseAsInteger, useQueryState } from 'nuqs';
import { Newspaper, Pencil, Plus, Trash2 } from 'lucide-react';
import { LANGUAGES } from '@embauche/contracts/constants';
import type { TNewsItem, TNewsStatus } from '@embauche/contracts/news';
import { PageIntro } from '../../../components/page-intro.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteNewsItem } from '../api/delete-news-item.ts';
import { useNewsItems } from '../api/get-news-items.ts';
import { NewsItemDialog, type RichTextEditorProps } from './news-item-dialog.tsx';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; item: TNewsItem } | null;

const TONES: Record<TNewsStatus, 'info' | 'success' | 'neutral'> = {
  scheduled: 'info',
  current: 'success',
  ended: 'neutral',
};

/** The item's title in the interface's language when written, else its first written one. */
function titleOf(item: TNewsItem, language: string): string {
  const lng =
    LANGUAGES.find((l) => l === language && item.contents[l]) ??
    LANGUAGES.find((l) => item.contents[l]);
  return lng ? item.contents[lng]!.title : '';
}

function NewsRow({
  item,
  onEdit,
  onDelete,
}: {
  item: TNewsItem;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('news');
  const title = titleOf(item, i18n.language);
  const languages = LANGUAGES.filter((lng) => item.contents[lng]);
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region', fallback: 'code' });
  const audience =
    item.audience === 'all'
      ? t('news:list.audience_all')
      : t('news:list.audience_companies', {
          count: item.companies.length,
          names: item.companies.map((c) => c.social_reason).join(', '),
        });
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium text-slate-900">{title}</span>
          <Badge tone={TONES[item.status]}>{t(`news:status.${item.status}`)}</Badge>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {t('news:list.period', {
            start: formatDate(item.starts_at, 'longdatetime', i18n.language),
            end: formatDate(item.ends_at, 'longdatetime', i18n.language),
          })}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
          <ul aria-label={t('news:list.languages')} className="flex flex-wrap gap-1">
            {languages.map((lng) => (
              <li key={lng}>
                <Badge>
                  <abbr title={t(`news:languages.${lng}`)} className="no-underline">
                    {lng.toUpperCase()}
                  </abbr>
                </Badge>
              </li>
            ))}
          </ul>
          <span className="break-words text-slate-600">{audience}</span>
          {item.countries.length ? (
            <span className="break-words text-slate-600">
              {t('news:list.countries', {
                countries: item.countries.map((c) => regions.of(c) ?? c).join(', '),
              })}
            </span>
          ) : null}
          <span className="text-slate-600">
            {t('news:list.dismissals', { count: item.dismissal_count })}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('news:list.edit', { title })}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('news:list.delete', { title })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Confirms deleting an item; it shows to nobody afterwards. */
function DeleteDialog({ item, onClose }: { item: TNewsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('news');
  const remove = useDeleteNewsItem();
  const errorMessage = useApiErrorMessage();
  const title = titleOf(item, i18n.language);
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('news:delete.title', { title })}
      description={t('news:delete.description')}
      confirmLabel={t('news:delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(item.id, {
          onSuccess: () => {
            toast.success(t('news:delete.deleted', { title }));
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}

/**
 * Config page `superadmin-section/news-popup` (`user.super_admin`): the product's news items, the
 * latest start first, created, edited (title and text per language, audience, period) or deleted.
 */
export function NewsPage({ Editor }: { Editor: ComponentType<RichTextEditorProps> }) {
  const { t } = useTranslation(['news', 'common']);
  const [page, setPage] = useQueryState('page', parseAsInteger.withDefault(1));
  const items = useNewsItems(page);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('news:add')}
          </Button>
        }
      >
        {t('news:intro')}
      </PageIntro>
      <PagedListStates
        query={items}
        error={t('news:list.error')}
        retry={t('news:list.retry')}
        empty={{ icon: Newspaper, title: t('news:list.empty') }}
        total={(count) => t('news:list.total', { count })}
        onPage={(next) => void setPage(next === 1 ? null : next)}
      >
        {(rows) => (
          <ul
            aria-label={t('news:list.label')}
            className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {rows.map((item) => (
              <NewsRow
                key={item.id}
                item={item}
                onEdit={() => setOpen({ kind: 'edit', item })}
                onDelete={() => setOpen({ kind: 'delete', item })}
              />
            ))}
          </ul>
        )}
      </PagedListStates>
      {open?.kind === 'create' ? <NewsItemDialog Editor={Editor} onClose={close} /> : null}
      {open?.kind === 'edit' ? (
        <NewsItemDialog key={open.item.id} item={open.item} Editor={Editor} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? <DeleteDialog item={open.item} onClose={close} /> : null}
    </div>
  );
}
