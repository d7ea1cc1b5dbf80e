import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
  {
    variants: {
      tone: {
        neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
        success: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
        warning: 'bg-amber-50 text-amber-900 ring-amber-300',
        danger: 'bg-red-50 text-red-800 ring-red-300',
        info: 'bg-brand-50 text-brand-800 ring-brand-200',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
