/**
 * The window's scroll position, set by the app's one scroll mechanism (docs/web-navigation.md):
 * `ScrollRestoration` (app/navigation) on every navigation and the page tabs (components/ui/tabs)
 * on a change of tab. The window is the app's scrolling element (the layouts have no scrolling
 * main container).
 *
 * A position to restore may lie below the end of a page whose data is still coming (a list shown
 * again on back): the target is kept and tried again as the page grows and once no query is
 * fetching, until it is reached, the user scrolls (wheel, touch, keys, pointer), another
 * navigation sets another target, or RESTORE_TIMEOUT_MS pass.
 */

export const RESTORE_TIMEOUT_MS = 10_000;

type Target = { y: number; until: number };

let target: Target | null = null;
let settled: () => boolean = () => true;
let stopWatching: (() => void) | null = null;

/** How far the window is scrolled. */
export function scrollPosition(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY;
}

function maxScroll(): number {
  return Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
}

/**
 * Always written, even when scrollY already reads `y`: right after a page is replaced by a shorter
 * one (a spinner), Chromium reads the offset clamped (0) but keeps the previous one and shows it
 * again once the page grows back, as if nothing had scrolled.
 */
function scrollWindow(y: number) {
  (document.scrollingElement ?? document.documentElement).scrollTop = y;
}

function attempt() {
  if (!target) return;
  if (Date.now() > target.until) {
    stop();
    return;
  }
  scrollWindow(Math.min(target.y, maxScroll()));
  // Reached, and nothing the page waits for is still on its way: done.
  if (Math.abs(window.scrollY - target.y) < 1 && settled()) stop();
}

function stop() {
  target = null;
  stopWatching?.();
  stopWatching = null;
}

/**
 * Watches what can move the page's end (content arriving, its size changing) and what means the
 * user took over.
 */
function watch() {
  if (stopWatching) return;
  const cancel = () => stop();
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of inputs) window.addEventListener(type, cancel, { passive: true, capture: true });
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => attempt());
  resized?.observe(document.body);
  const changed = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => attempt());
  changed?.observe(document.body, { childList: true, subtree: true });
  stopWatching = () => {
    for (const type of inputs) window.removeEventListener(type, cancel, { capture: true });
    resized?.disconnect();
    changed?.disconnect();
  };
}

/** Scrolls the window to `y` now, or as soon as the page is long enough (see above). */
export function restoreScroll(y: number): void {
  if (typeof window === 'undefined') return;
  stop();
  if (y <= 0) {
    scrollWindow(0);
    return;
  }
  target = { y, until: Date.now() + RESTORE_TIMEOUT_MS };
  watch();
  attempt();
}

/** Whether a restore is still waiting for the page (scroll events then are not the user's). */
export function restoring(): boolean {
  return target !== null;
}

/** Tells the restorer whether the page's data has arrived (no query fetching); called again when that changes. */
export function setSettled(check: () => boolean): void {
  settled = check;
  attempt();
}

/** Tries the pending target again (the page's data has just arrived). */
export function retryRestore(): void {
  attempt();
}
