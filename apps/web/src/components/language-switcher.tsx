import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import { LanguageButton } from './language-button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';
import { toLanguage } from '../lib/language.ts';

type LanguageSwitcherProps = { onChange?: (language: Language) => void; className?: string; defaultOpen?: boolean };

/** Changes the interface language (cached by the detector, <html lang> follows). */
export function LanguageSwitcher({ onChange, className, defaultOpen }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const select = (value: string) => {
    const language = toLanguage(value);
    if (language === current) return;
    void i18n.changeLanguage(language);
    onChange?.(language);
  };
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-40">
        <DropdownMenuLabel>{t('common:language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={select}>
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {t(`common:language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
