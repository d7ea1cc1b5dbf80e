/** The marker the server's built-in offline summariser puts first (platform/ai/local-summary-provider.ts). */
const LOCAL_MARKER = '[local]';

/** The summary's text without the local marker (the screen says "offline summary" in its own words). */
export function summaryText(text: string): string {
  return text.startsWith(LOCAL_MARKER) ? text.slice(LOCAL_MARKER.length).trimStart() : text;
}
