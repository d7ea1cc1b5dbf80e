import type { ReactNode } from 'react';
import { Inbox, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

type EmptyStateProps = {
  icon?: LucideIcon;
  title?: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** h1 when the empty state is the whole page. */
  headingLevel?: 'h1' | 'h2' | 'h3';
};

/** Spec 2 "Other": icon, title (default common:no_data), optional subtitle, centred in 600px. */
export function EmptyState(props: EmptyStateProps) {
  const { icon: Icon = Inbox, title, subtitle, children, className, headingLevel = 'h2' } = props;
  const { t } = useTranslation('common');
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        'flex min-h-[600px] flex-col items-center justify-center gap-3 px-6 text-center',
        className,
      )}
    >
      <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-7" />
      </div>
      <Heading className="text-lg font-semibold text-slate-900">{title ?? t('common:no_data')}</Heading>
      {subtitle ? <p className="max-w-md text-sm text-slate-600">{subtitle}</p> : null}
      {children}
    </div>
  );
}
