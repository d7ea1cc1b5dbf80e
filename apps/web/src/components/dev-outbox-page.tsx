import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from './page-header.tsx';
import { Button } from './ui/button.tsx';
import { EmptyState } from './ui/empty-state.tsx';
import { Spinner } from './ui/spinner.tsx';
import { isApiError } from '../lib/api-error.ts';
import { useApiErrorMessage } from '../lib/use-api-error-message.ts';

/** The translated texts of a development outbox page (`{ns}:outbox.*`). */
export type DevOutboxTexts = {
  title: string;
  subtitle: string;
  refresh: string;
  list: string;
  empty: string;
  emptyHint: string;
  unavailable: string;
  unavailableHint: string;
};

/**
 * The frame of a development outbox page (mail, SMS): a refresh button, the loading, error,
 * unavailable (404: the server does not keep an outbox) and empty states, then the items.
 */
export function DevOutboxPage<T>({ query, items, icon, texts, children }: {
  query: UseQueryResult<T>;
  items: (data: T) => unknown[];
  icon: LucideIcon;
  texts: DevOutboxTexts;
  /** The list's items, once there are some. */
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const errorMessage = useApiErrorMessage();
  const refresh = (
    <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
      <RefreshCw aria-hidden="true" className="size-4" />
      {texts.refresh}
    </Button>
  );
  let body;
  if (query.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (query.isError) {
    body = isApiError(query.error) && query.error.status === 404
      ? <EmptyState icon={icon} title={texts.unavailable} subtitle={texts.unavailableHint} className="min-h-80" />
      : <EmptyState icon={icon} title={errorMessage(query.error)} className="min-h-80" />;
  } else if (items(query.data).length === 0) {
    body = <EmptyState icon={icon} title={texts.empty} subtitle={texts.emptyHint} className="min-h-80" />;
  } else {
    body = <ul aria-label={texts.list} className="flex flex-col gap-3">{children(query.data)}</ul>;
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <PageHeader title={texts.title} subtitle={texts.subtitle} actions={refresh} />
      {body}
    </div>
  );
}

/** The texts of `{ns}:outbox.*` for DevOutboxPage. */
export function useDevOutboxTexts(ns: string): DevOutboxTexts {
  const { t } = useTranslation(ns);
  return {
    title: t('outbox.title'),
    subtitle: t('outbox.subtitle'),
    refresh: t('outbox.refresh'),
    list: t('outbox.list'),
    empty: t('outbox.empty'),
    emptyHint: t('outbox.empty_hint'),
    unavailable: t('outbox.unavailable'),
    unavailableHint: t('outbox.unavailable_hint'),
  };
}
