import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

export type Choice = { id: number; label: string; hint?: string };

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  legend: string;
  choices: Choice[];
  loading: boolean;
  /** A failed read of the choices, already translated. */
  error: string | null;
  none: string;
  submitLabel: string;
  submitting: boolean;
  /** Nothing may be submitted (the description says why, e.g. over a cap). */
  blocked?: boolean;
  onSubmit: (choice: Choice) => void;
};

/** A small dialog that picks one item (a recruitment list, an offer) found by a search box, then confirms. */
export function ChoiceDialog(props: Props) {
  const { open, onClose, title, description, searchLabel, search, onSearch, legend, choices, loading, error, none, submitLabel, submitting, blocked = false, onSubmit } = props;
  const { t } = useTranslation('common');
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const choice = choices.find((c) => c.id === chosen) ?? null;
  const close = () => {
    setChosen(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())} title={title} description={description}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (choice && !blocked) onSubmit(choice);
        }}
      >
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          {searchLabel}
        </label>
        <Input id={`${id}-search`} type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
          {loading ? <Spinner /> : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {!loading && !error && choices.length === 0 ? <p className="text-sm text-slate-600">{none}</p> : null}
          <div className="flex max-h-72 flex-col gap-0.5 overflow-y-auto">
            {choices.map((item) => (
              <label key={item.id} className="flex min-w-0 cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:bg-brand-50">
                <input type="radio" name={`${id}-choice`} className="mt-0.5 size-4 shrink-0 accent-brand-600" checked={chosen === item.id} onChange={() => setChosen(item.id)} />
                {/* The whole label shows (long offer titles wrap); the hint goes under it, in small. */}
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="break-words">{item.label}</span>
                  {item.hint ? (
                    <>
                      {' '}
                      <span className="truncate text-xs text-slate-600">{item.hint}</span>
                    </>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={!choice || submitting || blocked}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
