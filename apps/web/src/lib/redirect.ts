/** Only same-site paths are accepted as a post-login target (no `//host` or absolute URLs). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  if (target === '/login' || target.startsWith('/login?')) return fallback;
  return target;
}
