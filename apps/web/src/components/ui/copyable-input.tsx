import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** Spec 5 and 9: a copy confirms for 2 seconds. */
export const COPY_CONFIRM_MS = 2000;

type Props = {
  value: string;
  /** The field's accessible name (a visible label elsewhere can name it through `id`). */
  label?: string;
  id?: string;
  'aria-describedby'?: string;
  /** The copy button's accessible name; "Copy" by default. */
  copyLabel?: string;
  /** Takes the focus (its text selected) when it appears, e.g. in place of the form that made it. */
  focusOnMount?: boolean;
};

const FIELD =
  'block field-sizing-content max-h-32 min-h-10 w-full min-w-0 flex-1 resize-none break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 shadow-sm focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

/** Writes to the clipboard, or, where the Clipboard API is refused, copies the selected field's text. */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * A read-only text shown whole (a long link wraps) with a copy button beside it, under it on a
 * phone; the button says "Copied" for 2 seconds, and the text stays selectable.
 */
export function CopyableInput({ value, label, id, copyLabel, focusOnMount = false, ...props }: Props) {
  const { t } = useTranslation('common');
  const field = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (focusOnMount) field.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    const done = await copyText(value, field.current);
    setState(done ? 'copied' : 'failed');
    // Where nothing could be copied the text is selected for the user's own copy.
    if (!done) field.current?.select();
  };
  // The field grows with its text (field-sizing); `rows` is the guess of browsers without it.
  const rows = Math.min(4, Math.max(1, Math.ceil(value.length / 60)));
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          ref={field}
          id={id}
          aria-label={label}
          aria-describedby={props['aria-describedby']}
          readOnly
          rows={rows}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(FIELD)}
        />
        <Button variant="outline" onClick={() => void copy()} className="shrink-0 self-end sm:self-auto">
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? t('common:copied') : (copyLabel ?? t('common:copy'))}
        </Button>
      </div>
      <p role="status" className={state === 'failed' ? 'text-xs text-red-700' : 'sr-only'}>
        {state === 'copied' ? t('common:copied') : state === 'failed' ? t('common:copy_failed') : ''}
      </p>
    </div>
  );
}
