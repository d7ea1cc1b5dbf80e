import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's dist/.vite/manifest.json. */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export type Budget = {
  name: string;
  /** Manifest keys loaded to show the page: the app entry, then the layout and the screen chunks. */
  entries: string[];
  maxGzipKb: number;
  /** Lazily loaded modules (manifest keys) the page must not load: the heavy libraries of other screens live in their chunks. */
  excludes: string[];
};

const HEAVY = [
  'src/features/offers/components/rich-text-editor.tsx',
  'src/features/applicants/components/pdf-viewer.tsx',
  // grapesjs and its MJML preset: the e-mail model editor's alone.
  'src/features/mail-models/components/mail-visual-editor.tsx',
  // recharts: the statistics page's alone.
  'src/app/routes/statistics-route.tsx',
];

export const BUDGETS: Budget[] = [
  {
    name: 'login',
    entries: ['index.html', 'src/app/layouts/guest-layout.tsx', 'src/app/routes/login-route.tsx'],
    // 147.0 KB since the signed-in screens' table (and its preload map of their chunks) left the
    // entry (docs/performance.md).
    maxGzipKb: 150,
    excludes: [...HEAVY, 'src/app/signed-in-routes.tsx', 'src/app/layouts/main-layout.tsx'],
  },
  {
    // The page a shared link opens, with no account: never the signed-in shell.
    name: 'shared link',
    entries: ['index.html', 'src/app/layouts/public-layout.tsx', 'src/app/routes/shared-route.tsx'],
    maxGzipKb: 250,
    excludes: [...HEAVY, 'src/app/signed-in-routes.tsx', 'src/app/layouts/main-layout.tsx'],
  },
  {
    name: 'dashboard',
    entries: ['index.html', 'src/app/signed-in-routes.tsx', 'src/app/layouts/main-layout.tsx', 'src/app/routes/dashboard-route.tsx'],
    maxGzipKb: 300,
    excludes: HEAVY,
  },
];

/** The JS files a page loads for `entries`: their chunks and, transitively, their static imports. */
export function pageScripts(manifest: Manifest, entries: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (is it still loaded lazily?)`);
    if (/\.m?js$/.test(chunk.file)) files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return [...files];
}

export type BudgetResult = { budget: Budget; files: { file: string; gzipBytes: number }[]; gzipKb: number; problems: string[] };

/** Measures each budget against a build folder (gzip level 9, as the precompressed .gz files). */
export function checkBudgets(distDir: string, budgets: Budget[] = BUDGETS): BudgetResult[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return budgets.map((budget) => {
    const scripts = pageScripts(manifest, budget.entries);
    const files = scripts.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length }));
    const gzipKb = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
    const problems: string[] = [];
    if (gzipKb > budget.maxGzipKb) problems.push(`${budget.name}: ${gzipKb.toFixed(1)} KB of JavaScript gzipped, budget ${budget.maxGzipKb} KB`);
    for (const key of budget.excludes) {
      const excluded = manifest[key];
      if (!excluded) throw new Error(`${key} is not a chunk of the build: update the budgets in ${path.basename(import.meta.filename)}`);
      if (scripts.includes(excluded.file)) problems.push(`${budget.name}: loads ${key}, which belongs to other screens`);
    }
    return { budget, files, gzipKb, problems };
  });
}
