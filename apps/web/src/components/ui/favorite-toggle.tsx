import { Star } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type FavoriteToggleProps = {
  active: boolean;
  /** The accessible name, e.g. "Favori : Chargé de recrutement". */
  label: string;
  onToggle: () => void;
  disabled?: boolean;
  className?: string;
};

/** A star toggle button; aria-pressed tells whether the item is a favourite. */
export function FavoriteToggle({ active, label, onToggle, disabled, className }: FavoriteToggleProps) {
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-amber-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60',
        active && 'text-amber-600',
        className,
      )}
    >
      <Star aria-hidden="true" className={cn('size-4', active && 'fill-amber-400')} />
    </button>
  );
}
