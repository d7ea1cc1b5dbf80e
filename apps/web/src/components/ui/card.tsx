import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

type CardProps = ComponentProps<'section'> & {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
};

/** A titled white panel; its title is an h2 so that the page keeps a single h1. */
export function Card({ title, description, actions, className, children, ...props }: CardProps) {
  return (
    <section
      className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    >
      <header className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions}
      </header>
      <div className="px-6 py-5">{children}</div>
    </section>
  );
}
