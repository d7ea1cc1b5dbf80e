import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { mediaQueryList } from './media-query-list.ts';
import { server } from './server.ts';

// jsdom lacks a few browser APIs that Radix and sonner use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) => mediaQueryList(query, false);
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

// sonner paints a new toast at opacity 0 until its mount effect runs, a moment after the toast is in
// the DOM: `expect(await findByText(message)).toBeVisible()` could read it in between (seen in
// clean runs). A toast counts as visible once rendered, as it is a frame later in a browser; its
// other hidden states (behind three others, removed) keep sonner's rules.
const toastStyle = document.createElement('style');
toastStyle.textContent = '[data-sonner-toast][data-mounted="false"]{opacity:1}';
document.head.append(toastStyle);

// findBy… and waitFor wait up to 10 s instead of 1: two workers share two cores with Vitest's own
// process, and a whole-app render can take seconds there. What they assert is unchanged; a test
// that never sees its element still fails (it only fails later).
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
afterAll(() => server.close());
