import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Briefcase, Folder, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_SEARCH_MIN_LENGTH } from '@embauche/contracts/constants';
import { Input } from '../../../components/ui/input.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useProjectSearch } from '../api/search-projects.ts';

/** Searches projects and offers by name once at least 2 characters are typed (spec 5). */
export function ProjectSearch() {
  const { t } = useTranslation('projects');
  const id = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text, 300).trim();
  const search = useProjectSearch(term);
  const tooShort = text.trim().length > 0 && text.trim().length < PROJECT_SEARCH_MIN_LENGTH;
  const results = term.length >= PROJECT_SEARCH_MIN_LENGTH ? search.data : undefined;
  const empty = results && results.projects.length === 0 && results.offers.length === 0;
  return (
    <div role="search" className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {t('projects:search.label')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('projects:search.placeholder')}
          aria-describedby={`${id}-hint`}
          className="pl-9"
        />
      </div>
      <p id={`${id}-hint`} className={tooShort ? 'text-xs text-slate-600' : 'sr-only'} aria-live="polite">
        {tooShort ? t('projects:search.min_length', { count: PROJECT_SEARCH_MIN_LENGTH }) : ''}
      </p>
      {results ? (
        <div aria-label={t('projects:search.results')} role="region" className="rounded-lg border border-slate-200 bg-white p-1">
          {empty ? <p className="px-2 py-1.5 text-sm text-slate-600">{t('projects:search.no_results')}</p> : null}
          <ul>
            {results.projects.map((project) => (
              <li key={`p${project.id}`}>
                <Link to={`/projects/${project.id}/offers`} className="flex items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100">
                  <Folder aria-hidden="true" className="size-4 text-slate-500" />
                  <span className="truncate">{project.name}</span>
                </Link>
              </li>
            ))}
            {results.offers.map((offer) => (
              <li key={`o${offer.id}`}>
                <Link
                  to={`/projects/${offer.project_id}/offer/${offer.id}`}
                  className="flex items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-100"
                >
                  <Briefcase aria-hidden="true" className="size-4 text-slate-500" />
                  <span className="truncate">{offer.job_position}</span>
                  {offer.reference ? <span className="text-xs text-slate-600">{offer.reference}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
