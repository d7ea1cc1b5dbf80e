import type { ComponentProps } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import { toLanguage } from '../lib/language.ts';

/** The language switcher's button: the current language, named for screen readers. */
export function LanguageButton(props: ComponentProps<typeof Button>) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Button variant="ghost" size="sm" aria-label={`${t('common:language.change')}, ${current.toUpperCase()}`} {...props}>
      <Languages aria-hidden="true" />
      <span className="font-semibold">{current.toUpperCase()}</span>
    </Button>
  );
}
