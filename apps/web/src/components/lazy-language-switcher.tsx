import { useState, type ComponentType } from 'react';
import type { LanguageSwitcher as Switcher } from './language-switcher.tsx';
import { LanguageButton } from './language-button.tsx';

const loadSwitcher = () => import('./language-switcher.tsx');

/**
 * The language switcher of the sign-in and public pages. Its menu code (Radix menu and
 * positioning, a sixth of the login page's JavaScript) is fetched when the pointer or the focus
 * reaches the button; a click swaps in the real switcher, already open, and its menu takes the focus.
 */
export function LazyLanguageSwitcher({ className }: { className?: string }) {
  const [LanguageSwitcher, setLanguageSwitcher] = useState<ComponentType<Parameters<typeof Switcher>[0]> | null>(null);
  if (LanguageSwitcher) return <LanguageSwitcher className={className} defaultOpen />;
  const preload = () => void loadSwitcher().catch(() => undefined);
  const open = () => void loadSwitcher().then((module) => setLanguageSwitcher(() => module.LanguageSwitcher));
  return (
    <LanguageButton className={className} aria-haspopup="menu" aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={open} />
  );
}
