// `npm run dev`: the API with reload on :3000 and Vite on :5173 (proxying /api to the API).
import { spawn } from 'node:child_process';

// Run from the repository root so that ./data is the same folder `npm start` uses.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? new URL('../data', import.meta.url).pathname };
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
