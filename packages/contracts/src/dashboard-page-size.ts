/**
 * Rows per page of each dashboard list. Apart from the list schemas (dashboard.ts) so that the web
 * app's dashboard calls, started while the screen's code downloads, do not wait for zod.
 */
export const DASHBOARD_PAGE_SIZE = 5;
