import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/long-files-first.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Migrates once per run; each test database starts as a copy (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // argon2 and migrations are CPU-bound: two cores, two workers. Each file runs its SQLite and
    // PostgreSQL halves in one worker: running them as two projects (tried) loaded every file twice,
    // and loading a file (about 3.4 s) cost more than the halves gained by running side by side.
    maxWorkers: 2,
    // A worker loads the app's modules once and runs file after file with them (loading took about
    // 3.4 s per file). The files share no state through modules: each builds its own app on its own
    // database, and spies and fake clocks are undone after use (docs/testing.md).
    isolate: false,
    restoreMocks: true,
    // The route walks (fuzz per database, route matrix) start first: see the sequencer.
    sequence: { sequencer: LongFilesFirst },
  },
});
