import type { ComponentProps } from 'react';
import { PanelLeft } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Sheet } from './sheet.tsx';
import { useSidebar } from './sidebar-context.ts';

type SidebarProps = ComponentProps<'aside'> & {
  /** The name of the sheet the sidebar becomes on phones. */
  mobileTitle: string;
};

/**
 * 16rem open, 3rem collapsed; `data-state` lets children hide their labels. Below 768px it is a sheet
 * over the page (backdrop, Escape, outside click), so that the page keeps the whole width.
 */
export function Sidebar({ className, children, mobileTitle, ...props }: SidebarProps) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet
        open={openMobile}
        onOpenChange={setOpenMobile}
        title={mobileTitle}
        fallbackFocus={() => document.querySelector<HTMLElement>('[data-sidebar-trigger]')}
      >
        {children}
      </Sheet>
    );
  }
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
  const { open, isMobile, openMobile, toggle } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      aria-haspopup={isMobile ? 'dialog' : undefined}
      data-sidebar-trigger=""
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
      className={className}
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}
