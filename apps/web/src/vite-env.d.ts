/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Hash of the translation files, set by vite.config.ts; absent in tests. */
  readonly VITE_I18N_VERSION?: string;
}
