import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

type PaginationProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark when a screen has several paged blocks. */
  label?: string;
  disabled?: boolean;
};

/** Previous / "page x of y" / next; pages start at 1 (spec 9). */
export function Pagination({ page, lastPage, onChange, label, disabled }: PaginationProps) {
  const { t } = useTranslation('common');
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={label ?? t('common:pagination.label')} className="flex flex-wrap items-center justify-end gap-2">
      <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {/* Phones keep the arrows; the words stay as the buttons' names. */}
        <span className="max-sm:sr-only">{t('common:pagination.previous')}</span>
      </Button>
      <span className="whitespace-nowrap text-sm text-slate-700" aria-live="polite">
        {t('common:pagination.page_of', { page, last: lastPage })}
      </span>
      <Button variant="outline" size="sm" disabled={disabled || page >= lastPage} onClick={() => onChange(page + 1)}>
        <span className="max-sm:sr-only">{t('common:pagination.next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
