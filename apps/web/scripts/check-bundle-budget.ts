import path from 'node:path';
import { checkBudgets } from './bundle-budget.ts';

// Run after `vite build`: prints what the login page and the dashboard load, fails over budget.
const dist = path.resolve(import.meta.dirname, '../dist');
const results = checkBudgets(dist);
for (const { budget, files, gzipKb } of results) {
  console.log(`${budget.name}: ${gzipKb.toFixed(1)} KB of JavaScript gzipped (budget ${budget.maxGzipKb} KB), ${files.length} files`);
  for (const { file, gzipBytes } of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
}
const problems = results.flatMap((result) => result.problems);
if (problems.length) {
  console.error(`Bundle budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
