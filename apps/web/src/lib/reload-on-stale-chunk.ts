const RELOADED_AT = 'embauche:chunk-reload';

/**
 * After a deployment the old hashed chunks are gone: a tab opened before it fails to load the next
 * screen. Reload the page once to get the new build; a second failure within a minute (a real
 * network problem) is left to surface as the error it is.
 */
export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
