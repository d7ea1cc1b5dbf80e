import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The page's single h1, with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions}
    </div>
  );
}
