import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import { restoreScroll, restoring, scrollPosition, setSettled } from '../../lib/window-scroll.ts';

/** Positions by history entry, kept for the tab's session (a reload, then back, still finds them). */
export const SCROLL_STORAGE_KEY = 'embauche.scroll';
const KEPT_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? saved.filter((entry): entry is [string, number] => Array.isArray(entry) && typeof entry[1] === 'number') : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    window.sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions].slice(-KEPT_ENTRIES)));
  } catch {
    // Storage full or refused: positions still hold for this page's life.
  }
}

/**
 * The app's one scroll mechanism for navigations (docs/web-navigation.md). The app uses a
 * declarative <BrowserRouter>, where react-router's <ScrollRestoration> does not work (data
 * routers only), so it is done here, in the same way:
 * - a new page (a link, a redirect: another path) opens at its top;
 * - back and forward (POP) put the window where the user left that history entry, waiting for a
 *   list's data if the page is not long enough yet (lib/window-scroll.ts); a page loaded fresh in
 *   the tab opens at its top (its entry's 'default' key is shared by every fresh load);
 * - a change of the query string alone (filters, a page's tabs, which nuqs writes without the
 *   router) leaves the window where it is; page tabs keep their own positions (ui/tabs.tsx).
 * The browser's own restoration is turned off: it ran before the page had its content.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const fetching = useIsFetching();
  const positions = useRef<Map<string, number> | null>(null);
  const shown = useRef<Location | null>(null);

  useEffect(() => {
    const { history } = window;
    const before = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    positions.current ??= readPositions();
    // While a restore waits for the page, scroll events are the restorer's or the page growing.
    const record = () => {
      const key = shown.current?.key;
      if (key && !restoring()) positions.current?.set(key, scrollPosition());
    };
    const save = () => {
      if (positions.current) writePositions(positions.current);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      history.scrollRestoration = before;
    };
  }, []);

  // Before paint: the new page never shows at the previous page's position.
  useLayoutEffect(() => {
    const map = (positions.current ??= readPositions());
    const previous = shown.current;
    shown.current = location;
    if (previous?.key === location.key) return;
    // A fragment (#main-content from the skip link): the browser scrolls to its target.
    if (location.hash) return;
    const samePage = previous !== null && previous.pathname === location.pathname;
    // A document's first entry, loaded fresh (a typed address, a link from outside), has no router
    // state: its key is 'default' in every document of the tab, so a position kept under it belongs
    // to another page. Only a POP within this document (or onto an entry the router made) restores.
    const fresh = previous === null && location.key === 'default';
    const saved = action === 'POP' && !fresh ? map.get(location.key) : undefined;
    if (saved !== undefined) restoreScroll(saved);
    else if (!samePage) restoreScroll(0);
    if (saved === undefined) map.set(location.key, scrollPosition());
    writePositions(map);
  }, [location, action]);

  // A restore waiting for a list's data tries again once nothing is fetching.
  useEffect(() => {
    setSettled(() => fetching === 0);
  }, [fetching]);

  return null;
}
