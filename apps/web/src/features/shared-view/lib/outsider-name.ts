/** Where the name an outsider gives is kept, so that their next comment (on any link) is signed alike. */
const KEY = 'embauche.shared.outsider_name';

export function readOutsiderName(): string {
  try {
    return window.localStorage.getItem(KEY) ?? '';
  } catch {
    // Storage refused (private mode, blocked cookies): the name is asked each time.
    return '';
  }
}

export function rememberOutsiderName(name: string): void {
  try {
    window.localStorage.setItem(KEY, name);
  } catch {
    // Not kept: nothing else depends on it.
  }
}
