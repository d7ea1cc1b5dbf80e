/**
 * Cache-Control of a file of the built web app (`file` relative to the dist folder; `versioned`
 * when the URL carries the `v` parameter the web app adds to translation URLs).
 * - `assets/`: names carry a content hash, so a browser keeps them a year without asking again.
 * - `i18n/…?v=`: the web build puts a hash of all translations in their URLs, so those too are
 *   kept a year; a release with new texts asks for new URLs.
 * - everything else (index.html, an unversioned translation, the favicon): revalidated on each use
 *   (ETag, 304), so a release is picked up at once.
 */
export function webCacheControl(file: string, versioned: boolean): string {
  if (file.startsWith('assets/') || (versioned && file.startsWith('i18n/'))) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}
