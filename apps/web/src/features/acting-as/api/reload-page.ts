/** Reloads the page (its own module, so that tests can replace it: jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
