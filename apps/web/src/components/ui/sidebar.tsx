import type { ComponentProps } from 'react';
import { PanelLeft } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { useSidebar } from './sidebar-context.ts';

/** 16rem open, 3rem collapsed; `data-state` lets children hide their labels. */
export function Sidebar({ className, children, ...props }: ComponentProps<'aside'>) {
  const { open } = useSidebar();
  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'group/sidebar sticky top-14 h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto overflow-x-hidden border-r border-slate-200 bg-white transition-[width] duration-200',
        open ? 'w-64' : 'w-12',
        className,
      )}
      {...props}
    >
      {children}
    </aside>
  );
}

export function SidebarTrigger({ label, className }: { label: string; className?: string }) {
  const { open, toggle } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-expanded={open}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
      className={className}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}
