// The mixed recruiter workload (docs/soak.md): open loop, `rate` calls a second whatever the
// answers' speed, each call a kind drawn by weight and a signed-in user drawn at random, all
// through nginx. Every acknowledged write (a 2xx answer with its id) is remembered for the
// read-back at the end.
import { setTimeout as sleep } from 'node:timers/promises';
import { call, cvPdf, json, sha256, type Answer, type Recorder, type Session } from './http.ts';

/** Calls in flight beyond which the next ones are dropped (and counted): the soak stays bounded. */
export const MAX_IN_FLIGHT = 200;

/** The kinds of call and their share of the mix (per 100). */
export const MIX = {
  offers_list: 20,
  applications_list: 15,
  applicants_search: 15,
  feed_list: 10,
  status_change: 12,
  comment_mention: 12,
  cv_upload: 6,
  cv_download: 10,
} as const;
export type Kind = keyof typeof MIX;

/** The list calls, whose p99 the default rate keeps under 250 ms. */
export const LIST_KINDS: Kind[] = [
  'offers_list',
  'applications_list',
  'applicants_search',
  'feed_list',
];

/** Statuses that need a motif (refused, withdrawn): the soak's changes avoid them. */
const NEEDS_MOTIF = new Set([7, 8]);

type Offer = { id: number; projectId: number; statuses: number[] };

/** An application whose status the soak changes; one change at a time each. */
export type TrackedApplication = {
  id: number;
  applicantId: number;
  offer: Offer;
  companyId: number;
  /** The status of the last acknowledged change (or the one read at the start). */
  expected: number;
  /** Statuses of changes sent since then that got no answer: any of them may have been applied. */
  maybe: Set<number>;
  busy: boolean;
  changes: number;
};

export type UploadAck = {
  applicantId: number;
  applicationId: number | null;
  companyId: number;
  sha: string;
  size: number;
  via: string;
};

export type CommentAck = {
  entryId: number;
  applicantId: number;
  companyId: number;
  text: string;
  mentioned: number;
  /** Whether the mentioned user was told (not in `dropped_mentions`). */
  notified: boolean;
};

type CompanyPool = {
  companyId: number;
  offers: Offer[];
  /** Offers with applications: where lists, feeds and comments go. */
  busyOffers: Offer[];
  applications: TrackedApplication[];
  /** Applicants of the seed with a CV (downloads before the first upload). */
  seededCvs: number[];
  words: string[];
  /** Users of the company that may be mentioned, by author. */
  mentionable: Map<number, number[]>;
};

export class Workload {
  readonly uploads: UploadAck[] = [];
  readonly comments: CommentAck[] = [];
  readonly applications: TrackedApplication[] = [];
  readonly pools = new Map<number, CompanyPool>();
  /** An application kept out of the workload: the checks comment on it (hub check). */
  reserved: TrackedApplication | undefined;
  inFlight = 0;
  sent = 0;
  #counter = 0;
  readonly #kinds: Kind[];

  constructor(
    readonly sessions: Session[],
    readonly base: string,
    readonly origin: string,
    readonly recorder: Recorder,
    readonly runId: string,
  ) {
    this.#kinds = (Object.entries(MIX) as [Kind, number][]).flatMap(([kind, weight]) =>
      Array<Kind>(weight).fill(kind),
    );
  }

  /** Reads what the calls draw from, per company: offers, their workflows, applications, users. */
  async prepare(): Promise<void> {
    const byCompany = new Map<number, Session[]>();
    for (const s of this.sessions)
      byCompany.set(s.companyId, [...(byCompany.get(s.companyId) ?? []), s]);
    for (const [companyId, sessions] of byCompany) {
      const session = sessions[0]!;
      const get = async <T>(url: string): Promise<T> => {
        const answer = await call(
          null,
          'prepare',
          url,
          { session, base: this.base, via: 'nginx' },
          this.origin,
        );
        if (!answer?.ok) throw new Error(`GET ${url}: ${answer?.status ?? 'no answer'}`);
        return json<T>(answer);
      };
      const offers = (
        await get<{
          data: { id: number; project_id: number; total_applications: number; archived: boolean }[];
        }>('/api/projects/all/offers?page=1&per_page=100')
      ).data.filter((o) => !o.archived);
      const workflows = await get<{ offer_id: number; statuses: { id: number }[] }[]>(
        `/api/offer-statuses?offer_ids=${offers.map((o) => o.id).join(',')}`,
      );
      const statusesOf = new Map(
        workflows.map((w) => [
          w.offer_id,
          w.statuses.map((s) => s.id).filter((id) => !NEEDS_MOTIF.has(id)),
        ]),
      );
      const pool: CompanyPool = {
        companyId,
        offers: offers.map((o) => ({
          id: o.id,
          projectId: o.project_id,
          statuses: statusesOf.get(o.id) ?? [],
        })),
        busyOffers: [],
        applications: [],
        seededCvs: [],
        words: [],
        mentionable: new Map(),
      };
      for (const offer of pool.offers) {
        const page = await get<{
          data: {
            id: number;
            applicant_id: number;
            lastname: string;
            has_cv: boolean;
            status: { id: number };
          }[];
        }>(`/api/projects/${offer.projectId}/offers/${offer.id}/applications?page=1&per_page=100`);
        if (!page.data.length) continue;
        pool.busyOffers.push(offer);
        for (const a of page.data) {
          pool.applications.push({
            id: a.id,
            applicantId: a.applicant_id,
            offer,
            companyId,
            expected: a.status.id,
            maybe: new Set(),
            busy: false,
            changes: 0,
          });
          if (a.has_cv) pool.seededCvs.push(a.applicant_id);
          if (a.lastname.length >= 3) pool.words.push(a.lastname);
        }
      }
      pool.words = [...new Set(pool.words)];
      if (!pool.busyOffers.length || pool.offers.every((o) => !o.statuses.length))
        throw new Error(`company ${companyId}: no offer with applications and statuses`);
      const users = await get<{ users: { id: number; mentionable: boolean }[] }>(
        '/api/users/mentions/nofilter',
      );
      for (const s of sessions)
        pool.mentionable.set(
          s.userId,
          users.users.filter((u) => u.mentionable && u.id !== s.userId).map((u) => u.id),
        );
      this.pools.set(companyId, pool);
      this.applications.push(...pool.applications);
    }
    // The first company's first application with a CV is the checks' own: no call of the mix
    // touches it.
    const first = this.pools.get(this.sessions[0]!.companyId)!;
    const index = first.applications.findIndex((a) => first.seededCvs.includes(a.applicantId));
    this.reserved = first.applications.splice(Math.max(0, index), 1)[0];
  }

  /** Sends `rate` calls a second for `ms`, or until `stop` says so; then waits for the last ones. */
  async run(rate: number, ms: number, stop: () => boolean): Promise<void> {
    const interval = 1000 / rate;
    const begin = performance.now();
    let next = begin;
    const pending = new Set<Promise<void>>();
    while (performance.now() - begin < ms && !stop()) {
      while (next <= performance.now()) {
        next += interval;
        if (this.inFlight >= MAX_IN_FLIGHT) {
          this.recorder.dropped++;
          continue;
        }
        const kind = this.#kinds[Math.floor(Math.random() * this.#kinds.length)]!;
        const session = pick(this.sessions);
        this.inFlight++;
        this.sent++;
        const p: Promise<void> = this.#one(kind, session)
          .catch((err: unknown) => console.error(`[soak] ${kind}: ${String(err)}`))
          .finally(() => {
            this.inFlight--;
            pending.delete(p);
          });
        pending.add(p);
      }
      await sleep(Math.max(1, next - performance.now()));
    }
    await Promise.all(pending);
  }

  #call(
    kind: Kind,
    url: string,
    session: Session,
    init: { method?: string; body?: string | FormData; headers?: Record<string, string> } = {},
  ) {
    return call(
      this.recorder,
      kind,
      url,
      { ...init, session, base: this.base, via: 'nginx' },
      this.origin,
    );
  }

  async #one(kind: Kind, session: Session): Promise<void> {
    const pool = this.pools.get(session.companyId)!;
    switch (kind) {
      case 'offers_list':
        await this.#call(
          kind,
          `/api/projects/all/offers?page=${1 + Math.floor(Math.random() * 2)}&per_page=20`,
          session,
        );
        return;
      case 'applications_list': {
        const offer = pick(pool.busyOffers);
        await this.#call(
          kind,
          `/api/projects/${offer.projectId}/offers/${offer.id}/applications?page=1&per_page=20`,
          session,
        );
        return;
      }
      case 'applicants_search': {
        const word = Math.random() < 0.2 ? 'Soak' : pick(pool.words);
        await this.#call(
          kind,
          `/api/applicants?search=${encodeURIComponent(word)}&page=1&per_page=20`,
          session,
        );
        return;
      }
      case 'feed_list': {
        const a = pick(pool.applications);
        await this.#call(
          kind,
          `/api/applicants/${a.applicantId}/activity-feed?offer_id=${a.offer.id}`,
          session,
        );
        return;
      }
      case 'status_change':
        return this.#statusChange(session, pool);
      case 'comment_mention': {
        const a = pick(pool.applications);
        await this.comment(
          session,
          a,
          pool.mentionable.get(session.userId) ?? [],
          'nginx',
          this.base,
          kind,
        );
        return;
      }
      case 'cv_upload': {
        const offer = pick(pool.offers.filter((o) => o.statuses.length));
        await this.upload(session, offer, this.base, 'nginx', kind);
        return;
      }
      case 'cv_download':
        return this.#download(session, pool);
    }
  }

  async #statusChange(session: Session, pool: CompanyPool): Promise<void> {
    let a: TrackedApplication | undefined;
    for (let i = 0; i < 5 && !a; i++) {
      const candidate = pick(pool.applications);
      if (!candidate.busy && candidate.offer.statuses.length > 1) a = candidate;
    }
    if (!a) return; // all busy: a user would pick another card; not a call
    const choices = a.offer.statuses.filter((s) => s !== a.expected);
    const status = pick(choices);
    a.busy = true;
    try {
      const answer = await this.#call(
        'status_change',
        `/api/projects/${a.offer.projectId}/offers/${a.offer.id}/applications/statuses`,
        session,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ application_id: a.id, status_id: status }),
        },
      );
      if (answer?.ok) {
        const item = json<{ status: { id: number } }>(answer);
        a.expected = item.status.id;
        a.maybe.clear();
        a.changes++;
      } else if (!answer || answer.status >= 500) {
        // No answer, or one from a failing instance: the change may or may not have been applied.
        a.maybe.add(status);
      }
    } finally {
      a.busy = false;
    }
  }

  /** A comment mentioning one user of the company; answers the acknowledged entry. */
  async comment(
    session: Session,
    a: TrackedApplication,
    mentionable: number[],
    via: string,
    base: string,
    kind: string,
  ): Promise<CommentAck | null> {
    const mentioned = mentionable.length ? pick(mentionable) : null;
    const text = `soak ${this.runId} comment ${++this.#counter} by ${session.label}`;
    const answer = await call(
      this.recorder,
      kind,
      `/api/activity-feed?applicant_id=${a.applicantId}&offer_id=${a.offer.id}`,
      {
        method: 'POST',
        session,
        base,
        via,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, mentions: { users: mentioned ? [mentioned] : [] } }),
      },
      this.origin,
    );
    if (!answer?.ok) return null;
    const entry = json<{ id: number; dropped_mentions: { users: { id: number }[] } }>(answer);
    const ack: CommentAck = {
      entryId: entry.id,
      applicantId: a.applicantId,
      companyId: session.companyId,
      text,
      mentioned: mentioned ?? 0,
      notified: mentioned !== null && !entry.dropped_mentions.users.some((u) => u.id === mentioned),
    };
    this.comments.push(ack);
    return ack;
  }

  /** A new applicant on `offer` with a CV of its own (a distinct PDF); answers the acknowledgement. */
  async upload(
    session: Session,
    offer: Offer,
    base: string,
    via: string,
    kind: string,
  ): Promise<UploadAck | null> {
    const n = ++this.#counter;
    const lastname = `Soak${n}`;
    const pdf = cvPdf([
      `Soak ${lastname}`,
      `Run ${this.runId}, upload ${n} by ${session.label} through ${via}`,
      'Experience: warehouse, logistics, customer service',
      `Random ${Math.random().toString(36).slice(2)}`,
    ]);
    const form = new FormData();
    form.set('firstname', 'Soak');
    form.set('lastname', lastname);
    form.set('email', `soak-${this.runId}-${n}@example.test`);
    form.set('cv', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `cv-${n}.pdf`);
    const answer = await call(
      this.recorder,
      kind,
      `/api/projects/${offer.projectId}/offers/${offer.id}/manual`,
      { method: 'POST', session, base, via, body: form },
      this.origin,
    );
    if (!answer?.ok) return null;
    const result = json<{
      applicant: { id: number };
      application: { id: number; status: { id: number } } | null;
    }>(answer);
    const ack: UploadAck = {
      applicantId: result.applicant.id,
      applicationId: result.application?.id ?? null,
      companyId: session.companyId,
      sha: sha256(pdf),
      size: pdf.length,
      via,
    };
    this.uploads.push(ack);
    const pool = this.pools.get(session.companyId);
    if (pool && result.application) {
      const tracked: TrackedApplication = {
        id: result.application.id,
        applicantId: result.applicant.id,
        offer,
        companyId: session.companyId,
        expected: result.application.status.id,
        maybe: new Set(),
        busy: false,
        changes: 0,
      };
      pool.applications.push(tracked);
      this.applications.push(tracked);
      if (!pool.busyOffers.includes(offer)) pool.busyOffers.push(offer);
    }
    return ack;
  }

  async #download(session: Session, pool: CompanyPool): Promise<void> {
    const mine = this.uploads.filter((u) => u.companyId === session.companyId);
    if (!mine.length) {
      await this.#call('cv_download', `/api/applicants/${pick(pool.seededCvs)}/cv`, session);
      return;
    }
    const upload = pick(mine);
    const answer = await this.#call(
      'cv_download',
      `/api/applicants/${upload.applicantId}/cv`,
      session,
    );
    if (answer?.ok) checkFile(this.recorder, 'cv_download', answer, upload, 'nginx');
  }
}

/** Records an error when a downloaded file is not the one uploaded. */
export function checkFile(
  recorder: Recorder,
  kind: string,
  answer: Answer,
  upload: UploadAck,
  via: string,
): boolean {
  if (sha256(answer.body) === upload.sha) return true;
  const now = recorder.now();
  recorder.error({
    kind,
    status: answer.status,
    start: now - answer.ms,
    end: now,
    message: `applicant ${upload.applicantId}: the CV downloaded (${answer.body.length} bytes) is not the one uploaded (${upload.size} bytes)`,
    via,
  });
  return false;
}

export function pick<T>(list: readonly T[]): T {
  if (!list.length) throw new Error('nothing to pick from');
  return list[Math.floor(Math.random() * list.length)]!;
}
