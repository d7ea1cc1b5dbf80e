// `tsx bench/users-import.bench.ts`: a users import of USERS_IMPORT_BENCH_ROWS rows (default
// 5,000; issue 16 item 8) through the API as the web does it: the dry run, then the run, whose
// background job (the worker runs in the server, as by default) creates every user in one
// transaction; the progress is polled every 100 ms until the import is done, then until every
// invitation is queued. On the demo companies in a temporary SQLite file, and on PostgreSQL too
// when BENCH_DATABASE_URL is set (in a schema of its own). The server runs in its own process.
// Target: dry run + run until done under 20 s.
import path from 'node:path';
import type { TUserImport, TUserImportReport } from '@embauche/contracts/user-import';
import type { TUserChoices } from '@embauche/contracts/users';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { runOnDatabases, signIn, startBenchServer } from './bench-harness.ts';

const ROWS = Number(process.env.USERS_IMPORT_BENCH_ROWS ?? 5_000);
const TARGET_MS = 20_000;
const LANGS = ['fr', 'en', 'es', 'de'];

await runOnDatabases(
  'users_import',
  run,
  `Users import: ${ROWS} rows not done under ${TARGET_MS} ms`,
);

/** The file: every row good, spread over Valmont's roles, subsidiaries and groups. */
function file(choices: Record<'roles' | 'groups' | 'subsidiaries', { name: string }[]>): Blob {
  const pick = (list: { name: string }[], i: number) => list[i % list.length]?.name ?? '';
  const lines = ['firstname;lastname;email;role;language;subsidiary;groups'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      [
        `Prénom${i}`,
        `Nom ${i}`,
        `user${i}@import.bench`,
        pick(choices.roles, i),
        LANGS[i % 4],
        i % 3 ? pick(choices.subsidiaries, i) : '',
        i % 2 ? `${pick(choices.groups, i)}; ${pick(choices.groups, i + 1)}` : '',
      ].join(';'),
    );
  return new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' });
}

async function post(base: string, cookie: string, body: Blob, query: string) {
  const form = new FormData();
  form.append('file', body, 'users.csv');
  const res = await fetch(`${base}/api/users/import${query}`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  if (res.status >= 300) throw new Error(`import${query}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  process.env.BENCH_WORKER = '1';
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const choices = (await (
      await fetch(`${server.base}/api/users/choices`, { headers: { cookie } })
    ).json()) as TUserChoices;
    const body = file(choices);
    const t0 = performance.now();
    const report = (await post(server.base, cookie, body, '?dry_run=true')) as TUserImportReport;
    const dry = performance.now() - t0;
    if (report.valid !== ROWS) throw new Error(`dry run: ${JSON.stringify(report).slice(0, 500)}`);
    const t1 = performance.now();
    const { id } = (await post(server.base, cookie, body, '')) as { id: number };
    const accepted = performance.now() - t1;
    const seen = new Set<number>();
    let status: TUserImport;
    for (;;) {
      const res = await fetch(`${server.base}/api/users/imports/${id}`, { headers: { cookie } });
      status = (await res.json()) as TUserImport;
      seen.add(status.done);
      if (status.status === 'done' || status.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const done = performance.now() - t1;
    let invited = 0;
    while (invited < ROWS && performance.now() - t1 < 120_000) {
      const row = await database.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('to', 'like', '%@import.bench')
        .executeTakeFirstOrThrow();
      invited = Number(row.n);
      if (invited < ROWS) await new Promise((r) => setTimeout(r, 100));
    }
    const mailed = performance.now() - t1;
    const total = dry + done;
    console.log(
      `Users import, ${label}: ${ROWS} rows — dry run ${Math.round(dry)} ms, run accepted in ` +
        `${Math.round(accepted)} ms, done in ${Math.round(done)} ms (${status.status}, ` +
        `${status.created} created; progress seen: ${[...seen].sort((a, b) => a - b).join(', ')}), ` +
        `${invited} invitations queued after ${Math.round(mailed)} ms; dry run + run ` +
        `${Math.round(total)} ms (target < ${TARGET_MS} ms) ${total < TARGET_MS && status.status === 'done' ? 'OK' : 'MISSED'}`,
    );
    return !(total < TARGET_MS && status.status === 'done');
  } finally {
    await server.stop();
    await database.destroy();
  }
}
