import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export type Choice = { id: number; label: string; detail?: string | null; current: boolean };

/** The classes of a picker's choice button (the role tree's too). */
export const choiceClass = (current: boolean) =>
  cn(
    'w-full rounded-md px-2 py-1.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60',
    current ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-800 hover:bg-slate-100',
  );

type ChoiceListProps = {
  label: string;
  searchLabel: string;
  empty: string;
  /** The page of choices for a search text (debounced 500 ms, spec 5) and a page number. */
  useChoices: (search: string, page: number) => { choices: Choice[]; lastPage: number; loading: boolean };
  onPick: (id: number) => void;
  disabled: boolean;
  footer?: ReactNode;
};

/** A searchable, paged list of buttons: a company or user picker of the switcher. */
export function ChoiceList({ label, searchLabel, empty, useChoices, onPick, disabled }: ChoiceListProps) {
  const { t } = useTranslation('actingAs');
  const id = useId();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(text.trim(), 500);
  const { choices, lastPage, loading } = useChoices(search, page);
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {label}
      </h3>
      <Input
        type="search"
        aria-label={searchLabel}
        placeholder={searchLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setPage(1);
        }}
      />
      <ul aria-label={label} aria-busy={loading} className="max-h-56 space-y-0.5 overflow-y-auto">
        {choices.map((choice) => (
          <li key={choice.id}>
            <button
              type="button"
              className={choiceClass(choice.current)}
              aria-current={choice.current ? 'true' : undefined}
              disabled={disabled}
              onClick={() => onPick(choice.id)}
            >
              <span className="block truncate">{choice.label}</span>
              {choice.detail ? <span className="block truncate text-xs text-slate-600">{choice.detail}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {!loading && choices.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      {lastPage > 1 ? (
        <div className="flex justify-between gap-2">
          <button type="button" className="text-sm text-brand-700 underline disabled:opacity-50" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('actingAs:previous')}
          </button>
          <button
            type="button"
            className="text-sm text-brand-700 underline disabled:opacity-50"
            disabled={page >= lastPage}
            onClick={() => setPage(page + 1)}
          >
            {t('actingAs:more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
