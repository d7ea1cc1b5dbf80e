import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A settings page's one query: a spinner, an error with a retry, then the page. */
export function SettingsQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation(['company_settings']);
  if (query.isPending) return <Spinner className="min-h-48" label={t('company_settings:loading')} />;
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4 sm:p-6">
        <p className="text-sm text-red-700">{t('company_settings:error')}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('company_settings:retry')}
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** The white card each settings section sits in, under its own heading. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
