import { useId } from 'react';
import { Link } from 'react-router';
import { BriefcaseBusiness, FileText, ListPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSourcingApplicant } from '@embauche/contracts/sourcing';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

type Props = {
  applicant: TSourcingApplicant;
  statusName: (id: number) => string;
  /** Absent without `project.list`. */
  onAddToList?: (applicant: TSourcingApplicant) => void;
  /** Absent without `project_application.duplicate`. */
  onAddToOffer?: (applicant: TSourcingApplicant) => void;
  selected?: boolean;
  /** Absent when no action applies to a selection. */
  onSelect?: (on: boolean) => void;
};

/** The applicant's screen, on their last application when there is one. */
function applicantPath(applicant: TSourcingApplicant): string {
  const application = applicant.last_application;
  return application ? `/applicants/${applicant.id}?application=${application.id}` : `/applicants/${applicant.id}`;
}

/** One result: name (link), e-mail, tags, last application, CV snippets and the actions (icon buttons named for the applicant, their label in a tooltip: long labels, in German, would squeeze the e-mail). */
export function SourcingResultCard({ applicant, statusName, onAddToList, onAddToOffer, selected = false, onSelect }: Props) {
  const { t, i18n } = useTranslation(['sourcing', 'common']);
  const id = useId();
  const name = `${applicant.firstname} ${applicant.lastname}`.trim();
  const last = applicant.last_application;
  return (
    <article
      aria-labelledby={`${id}-name`}
      className={cn('flex min-w-0 flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm', selected ? 'border-brand-400 ring-1 ring-brand-400' : 'border-slate-200')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          {onSelect ? (
            <Checkbox className="mt-1 shrink-0" aria-label={t('sourcing:search.select', { name })} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
          ) : null}
          <div className="min-w-0">
            <h2 id={`${id}-name`} className="text-base font-semibold text-slate-900">
              <Link to={applicantPath(applicant)} className="break-words rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                {name}
              </Link>
            </h2>
            {applicant.email ? <p className="break-all text-sm text-slate-600">{applicant.email}</p> : null}
          </div>
        </div>
        {onAddToList || onAddToOffer ? (
          <div role="group" aria-label={t('sourcing:search.actions')} className="flex flex-wrap gap-2">
            {onAddToList ? (
              <Tooltip content={t('sourcing:search.add_to_list')} side="top">
                <Button variant="outline" size="icon" onClick={() => onAddToList(applicant)} aria-label={t('sourcing:search.add_to_list_named', { name })}>
                  <ListPlus aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
            {onAddToOffer ? (
              <Tooltip content={t('sourcing:search.add_to_offer')} side="top">
                <Button variant="outline" size="icon" onClick={() => onAddToOffer(applicant)} aria-label={t('sourcing:search.add_to_offer_named', { name })}>
                  <BriefcaseBusiness aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
          </div>
        ) : null}
      </div>
      {applicant.tags.length || applicant.has_cv ? (
        <ul aria-label={t('sourcing:search.tags')} className="flex flex-wrap gap-1">
          {applicant.has_cv ? (
            <li>
              <Badge tone="success">
                <FileText aria-hidden="true" className="size-3" />
                {t('sourcing:search.cv')}
              </Badge>
            </li>
          ) : null}
          {applicant.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="info" className="max-w-48 truncate">
                {tag}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm text-slate-700">
        {last ? (
          <>
            <span className="font-medium">{t('sourcing:search.last_application')}</span> {last.offer_name ?? t('sourcing:search.spontaneous')} · {statusName(last.status_id)} ·{' '}
            <time dateTime={last.created_at}>{formatDate(last.created_at, 'date', i18n.language)}</time>
          </>
        ) : (
          t('sourcing:search.no_application')
        )}
      </p>
      {applicant.highlights.length ? (
        <div className="flex flex-col gap-1 border-l-2 border-amber-300 pl-3" aria-label={t('sourcing:search.cv_matches')} role="group">
          {applicant.highlights.map((highlight, index) => (
            <HighlightedSnippet key={index} highlight={highlight} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
