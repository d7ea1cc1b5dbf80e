import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

type TagInputProps = {
  /** The accessible name of the text box (also shown as its placeholder unless `placeholder` is given). */
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Offered while typing (a datalist): given, even empty, the text box is a combobox. */
  suggestions?: string[];
  /** Told what is being typed, to fetch matching suggestions. */
  onTextChange?: (text: string) => void;
  placeholder?: string;
  disabled?: boolean;
  maxLength?: number;
  maxTags?: number;
  className?: string;
  'aria-describedby'?: string;
};

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Chips plus a text box: Enter or a comma adds the typed tag (trimmed, without duplicates), choosing
 * a suggestion adds it, Backspace in the empty box removes the last one, each chip has its own
 * remove button.
 */
export function TagInput(props: TagInputProps) {
  const { label, value, onChange, suggestions, onTextChange, placeholder, disabled, maxLength = 50, maxTags = 50, className } = props;
  const { t } = useTranslation('tagInput');
  const [text, setTextState] = useState('');
  const setText = (next: string) => {
    setTextState(next);
    onTextChange?.(next);
  };
  const listId = useId();
  const hintId = useId();
  const full = value.length >= maxTags;

  const add = (raw: string) => {
    const tags = raw
      .split(',')
      .map((tag) => tag.trim().slice(0, maxLength))
      .filter(Boolean);
    const next = [...value];
    for (const tag of tags) if (next.length < maxTags && !next.some((existing) => same(existing, tag))) next.push(tag);
    setText('');
    if (next.length !== value.length) onChange(next);
  };
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      if (text.trim()) add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };
  const offered = suggestions?.filter((s) => !value.some((tag) => same(tag, s)));

  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500',
        disabled && 'opacity-60',
        className,
      )}
    >
      {value.length ? (
        <ul aria-label={t('tagInput:list', { label })} className="flex flex-wrap gap-1.5">
          {value.map((tag, index) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-200">
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={t('tagInput:remove', { tag })}
                onClick={() => remove(index)}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        type="text"
        aria-label={label}
        aria-describedby={[hintId, props['aria-describedby']].filter(Boolean).join(' ')}
        value={text}
        disabled={disabled || full}
        maxLength={maxLength}
        placeholder={full ? t('tagInput:full', { max: maxTags }) : (placeholder ?? t('tagInput:placeholder'))}
        list={offered ? listId : undefined}
        onChange={(event) => {
          const next = event.target.value;
          // Choosing a suggestion from the list replaces the text: that choice is the tag.
          const picked = (event.nativeEvent as InputEvent).inputType === 'insertReplacementText' && offered?.includes(next);
          if (next.includes(',') || picked) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => text.trim() && add(text)}
        className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none"
      />
      <span id={hintId} className="sr-only">
        {t('tagInput:hint')}
      </span>
      {offered ? (
        <datalist id={listId}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}
