import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { applicantHref } from '../../features/applications/lib/list-context.ts';
import type { Neighbour, Neighbours } from '../hooks/use-applicant-neighbours.ts';

type Props = {
  /** The list's own address (filters, order, page) for the way back. */
  backHref: string;
  neighbours: Neighbours;
};

/** Typing in a field, choosing in a menu or answering a dialog keeps its keys. */
function keepsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return true;
  return Boolean(
    target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="menu"], [role="listbox"], [role="combobox"], [role="slider"], [role="tablist"]'),
  );
}

/**
 * Back to the list, and previous/next applicant of that list (buttons, J/K anywhere outside text
 * fields, ←/→ when nothing in particular has the focus). Each step changes the URL: a reload stays put.
 */
export function ApplicantListNavigation({ backHref, neighbours }: Props) {
  const { t } = useTranslation('applicant');
  const navigate = useNavigate();
  const go = (neighbour: Neighbour | null) => {
    if (neighbour) void navigate(applicantHref(neighbour.item, neighbour.list));
  };
  const { previous, next } = neighbours;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || keepsKeys(event.target)) return;
      const onPage = event.target === document.body || event.target === document.documentElement;
      const key = event.key;
      const target = key === 'j' || key === 'J' || (onPage && key === 'ArrowRight') ? next : key === 'k' || key === 'K' || (onPage && key === 'ArrowLeft') ? previous : undefined;
      if (target === undefined) return;
      event.preventDefault();
      if (target) void navigate(applicantHref(target.item, target.list));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, previous, next]);

  return (
    <nav aria-label={t('applicant:navigation.label')} className="flex flex-wrap items-center gap-2">
      <Link to={backHref} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2' })}>
        <ArrowLeft aria-hidden="true" />
        {t('applicant:navigation.back')}
      </Link>
      <div className="ml-auto flex items-center gap-2">
        {neighbours.position !== null && neighbours.total !== null ? (
          <span className="text-sm tabular-nums text-slate-600">
            {t('applicant:navigation.position', { position: neighbours.position, total: neighbours.total })}
          </span>
        ) : null}
        <Tooltip content={t('applicant:navigation.previous_hint')} side="bottom" disabled={!previous}>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('applicant:navigation.previous_name')}
            aria-keyshortcuts="K ArrowLeft"
            disabled={!previous}
            onClick={() => go(previous)}
          >
            <ChevronLeft aria-hidden="true" />
            {t('applicant:navigation.previous')}
          </Button>
        </Tooltip>
        <Tooltip content={t('applicant:navigation.next_hint')} side="bottom" disabled={!next}>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('applicant:navigation.next_name')}
            aria-keyshortcuts="J ArrowRight"
            disabled={!next}
            onClick={() => go(next)}
          >
            {t('applicant:navigation.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>
    </nav>
  );
}
