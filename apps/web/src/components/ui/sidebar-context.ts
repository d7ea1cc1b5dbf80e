import { createContext, useContext } from 'react';

export type SidebarState = {
  /** Desktop: expanded (16rem) or collapsed (3rem); kept in the cookie. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Phones (< 768px): the sidebar is an overlay sheet, closed by default and not remembered. */
  isMobile: boolean;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  /** Toggles whichever of the two applies to the current screen. */
  toggle: () => void;
};

export const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return state;
}
