import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { Tabs as Primitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';
import { restoreScroll, scrollPosition } from '../../lib/window-scroll.ts';

/**
 * Radix tabs whose panels keep their own scroll position (docs/web-navigation.md): leaving a tab
 * notes where the window was; coming back to it puts the window there again (once its content is
 * long enough). A tab opened for the first time leaves the window where it is: the tab list just
 * clicked stays in view. Controlled (`value`) or not (`defaultValue`), as Radix's.
 */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof Primitive.Root>) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const positions = useRef(new Map<string, number>());
  const shown = useRef(current);
  const change = (next: string) => {
    if (current !== undefined) positions.current.set(current, scrollPosition());
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  // A controlled value may change later (nuqs writes the URL, then renders): restored when shown.
  useLayoutEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    const saved = current === undefined ? undefined : positions.current.get(current);
    if (saved !== undefined) restoreScroll(saved);
  }, [current]);
  return <Primitive.Root value={current} onValueChange={change} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof Primitive.List>) {
  return <Primitive.List className={cn('flex flex-wrap gap-1 border-b border-slate-200', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof Primitive.Trigger>) {
  return (
    <Primitive.Trigger
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-600 data-[state=active]:text-brand-800',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof Primitive.Content>) {
  return <Primitive.Content className={cn('pt-5 focus-visible:outline-none', className)} {...props} />;
}
