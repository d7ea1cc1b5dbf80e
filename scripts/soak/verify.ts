// The read-back at the end of the soak: every acknowledged write is looked for (CVs and status
// changes through the API, via nginx; comments and their mentions in the soak's database), and
// every notification of a subscribed user is looked for among what its live stream got.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Faults } from './faults.ts';
import type { HubSubscriber } from './hub.ts';
import { call, json, sha256, type Session } from './http.ts';
import type { Workload } from './workload.ts';

export type Lost = { kind: string; id: number; detail: string };

export type ReadBack = {
  uploads: { acknowledged: number; found: number };
  statuses: { tracked: number; changed: number; found: number };
  comments: { acknowledged: number; found: number; mentions: number; mentionsFound: number };
  lost: Lost[];
};

/** Runs `work` on every item, `parallel` at a time. */
async function each<T>(
  items: T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function readBack(
  workload: Workload,
  faults: Faults,
  base: string,
  origin: string,
): Promise<ReadBack> {
  const lost: Lost[] = [];
  const sessionOf = (companyId: number): Session =>
    workload.sessions.find((s) => s.companyId === companyId)!;
  // A failing answer (5xx, none) is asked again twice, a second apart: the read-back looks for
  // lost writes, not for the topology's last hiccup.
  const get = async (session: Session, url: string) => {
    let answer = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await sleep(1000);
      answer = await call(null, 'read_back', url, { session, base, via: 'nginx' }, origin);
      if (answer && answer.status < 500) return answer;
    }
    return answer;
  };

  let uploadsFound = 0;
  await each(workload.uploads, 6, async (u) => {
    const session = sessionOf(u.companyId);
    const applicant = await get(session, `/api/applicants/${u.applicantId}`);
    const cv = applicant?.ok ? await get(session, `/api/applicants/${u.applicantId}/cv`) : null;
    if (cv?.ok && sha256(cv.body) === u.sha) uploadsFound++;
    else
      lost.push({
        kind: 'cv_upload',
        id: u.applicantId,
        detail: !applicant?.ok
          ? `applicant answers ${applicant?.status ?? 'nothing'}`
          : !cv?.ok
            ? `CV answers ${cv?.status ?? 'nothing'}`
            : `CV differs (${cv.body.length} bytes, uploaded ${u.size})`,
      });
  });

  let statusesFound = 0;
  await each(workload.applications, 6, async (a) => {
    const answer = await get(sessionOf(a.companyId), `/api/applications/${a.id}`);
    const status = answer?.ok ? json<{ status: { id: number } }>(answer).status.id : undefined;
    if (status === a.expected || (status !== undefined && a.maybe.has(status))) statusesFound++;
    else
      lost.push({
        kind: 'status_change',
        id: a.id,
        detail: `status ${status ?? `unreadable (${answer?.status ?? 'no answer'})`}, expected ${a.expected}${a.maybe.size ? ` or ${[...a.maybe].join('/')}` : ''}`,
      });
  });

  const ids = workload.comments.map((c) => c.entryId);
  const { rows: entries } = await faults.query<{ id: number; applicant_id: number; text: string }>(
    'select id, applicant_id, text from activity_feed_entries where id = any($1::int[])',
    [ids],
  );
  const { rows: mentionRows } = await faults.query<{ entry_id: number; user_id: number }>(
    'select entry_id, user_id from activity_feed_user_mentions where entry_id = any($1::int[])',
    [ids],
  );
  const byId = new Map(entries.map((e) => [e.id, e]));
  const mentioned = new Set(mentionRows.map((m) => `${m.entry_id}:${m.user_id}`));
  let commentsFound = 0;
  let mentions = 0;
  let mentionsFound = 0;
  for (const c of workload.comments) {
    const row = byId.get(c.entryId);
    if (row && row.applicant_id === c.applicantId && row.text === c.text) commentsFound++;
    else lost.push({ kind: 'comment_mention', id: c.entryId, detail: row ? 'differs' : 'missing' });
    if (c.mentioned) {
      mentions++;
      if (mentioned.has(`${c.entryId}:${c.mentioned}`)) mentionsFound++;
      else
        lost.push({
          kind: 'mention',
          id: c.entryId,
          detail: `mention of user ${c.mentioned} missing`,
        });
    }
  }
  return {
    uploads: { acknowledged: workload.uploads.length, found: uploadsFound },
    statuses: {
      tracked: workload.applications.length,
      changed: workload.applications.filter((a) => a.changes > 0).length,
      found: statusesFound,
    },
    comments: {
      acknowledged: workload.comments.length,
      found: commentsFound,
      mentions,
      mentionsFound,
    },
    lost,
  };
}

export type HubFigures = {
  subscriber: string;
  connections: number;
  received: number;
  expected: number;
  /** Notifications written as an instance died (committed, not yet published). */
  excused: number;
  missing: number[];
  duplicates: number;
};

/**
 * Every notification row of a subscriber's user written while its stream was open must have come
 * through it (those written while Redis was down too, once it is back: docs/live-hub.md), but those
 * written in the second before an instance was killed (committed, not yet published).
 */
export async function hubCompleteness(
  subscribers: HubSubscriber[],
  faults: Faults,
  t0Wall: number,
): Promise<HubFigures[]> {
  const out: HubFigures[] = [];
  for (const s of subscribers) {
    const since = new Date(t0Wall + (s.firstOpenAt ?? 0)).toISOString();
    const { rows } = await faults.query<{ id: number; created_at: Date }>(
      'select id, created_at from notifications where user_id = $1 and created_at >= $2 order by id',
      [s.userId, since],
    );
    const excusedWindow = (created: number) => {
      const t = created - t0Wall;
      return (
        faults.killedAt !== undefined && t >= faults.killedAt - 2000 && t <= faults.killedAt + 1000
      );
    };
    let excused = 0;
    const missing: number[] = [];
    for (const row of rows) {
      if (s.received.has(row.id)) continue;
      if (excusedWindow(row.created_at.getTime())) excused++;
      else missing.push(row.id);
    }
    out.push({
      subscriber: s.name,
      connections: s.connections,
      received: s.received.size,
      expected: rows.length,
      excused,
      missing,
      duplicates: s.duplicates,
    });
  }
  return out;
}
