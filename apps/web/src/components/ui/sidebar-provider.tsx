import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from '@embauche/contracts/constants';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { MOBILE_QUERY, useIsMobile } from '../../lib/use-media-query.ts';
import { SidebarContext } from './sidebar-context.ts';

export const SIDEBAR_SHORTCUT = 'b';

/** The cookie wins; without it the sidebar starts open, except on small screens. */
function initialOpen(defaultOpen: boolean): boolean {
  const saved = readCookie(SIDEBAR_COOKIE);
  if (saved !== undefined) return saved === 'true';
  const mobile = typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;
  return defaultOpen && !mobile;
}

/**
 * shadcn sidebar behaviour: ctrl/cmd + b toggles; the desktop state lives 7 days in a cookie. Below
 * 768px the sidebar is a sheet over the page with its own state, closed until asked for.
 */
export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpenState] = useState(() => initialOpen(defaultOpen));
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeCookie(SIDEBAR_COOKIE, String(value), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((previous) => !previous);
      return;
    }
    setOpenState((previous) => {
      writeCookie(SIDEBAR_COOKIE, String(!previous), SIDEBAR_COOKIE_MAX_AGE);
      return !previous;
    });
  }, [isMobile]);

  // Across the breakpoint (rotation, resize) the sheet closes, so that it never reappears on its own.
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    setOpenMobile(false);
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    () => ({ open, setOpen, isMobile, openMobile, setOpenMobile, toggle }),
    [open, setOpen, isMobile, openMobile, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
