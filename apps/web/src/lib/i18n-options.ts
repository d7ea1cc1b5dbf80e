import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@embauche/contracts/constants';

export const baseI18nOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  defaultNS: 'common',
  ns: ['common', 'errors'],
  interpolation: { escapeValue: false },
  returnNull: false,
};
