import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A native checkbox; name it with aria-label or a <label>. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('size-4 cursor-pointer rounded border-slate-400 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500', className)}
      {...props}
    />
  );
}
