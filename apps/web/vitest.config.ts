import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const INCLUDE = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

/**
 * Test files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`) run in a fresh module
 * graph of their own: in a shared one, the app module they replace may already be loaded, real, by
 * an earlier file (seen: the acting-as reload mock never called, the notification tests rendering
 * nothing). Found by reading the files, so a new test that mocks is isolated without a list to keep.
 */
function filesThatReplaceModules(): string[] {
  const root = import.meta.dirname;
  return ['src', 'scripts']
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).map(
        (file) => `${folder}/${file.split(path.sep).join('/')}`,
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) =>
      /\bvi\.(mock|doMock|stubGlobal)\(/.test(readFileSync(path.join(root, file), 'utf8')),
    );
}
const ISOLATED = filesThatReplaceModules();

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
    // Two workers on two cores: Vitest's default (cores − 1) left one core idle while the suite ran
    // alone (about 9.6 min of CPU in 17 min of wall time on one worker, measured 2026-11-29).
    maxWorkers: 2,
    // nuqs must see the same react-router module as the app (one router context, not a second copy).
    server: { deps: { inline: ['nuqs'] } },
    projects: [
      {
        extends: true,
        // A worker loads the app's modules once and runs file after file with them (the suite took
        // 243 s with a fresh module graph per file, 121 s without, measured 2026-11-29). Each test
        // renders its own app with its own query client and i18n, and setup.ts clears the DOM,
        // storage, cookies and request handlers after each test.
        test: { name: 'shared', include: INCLUDE, exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
