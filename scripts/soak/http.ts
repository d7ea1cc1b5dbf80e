// The soak's HTTP side: signed-in users (cookies kept as a browser would), every call timed and
// recorded by kind, errors with their status and time, and the small PDFs it uploads as CVs.
import { createHash } from 'node:crypto';

/** A call that has not answered after this long is an error (`timeout`). */
export const CALL_TIMEOUT_MS = 30_000;

export type ErrorRecord = {
  kind: string;
  /** The HTTP status, or `network` (refused, reset) or `timeout`. */
  status: number | 'network' | 'timeout';
  /** ms since the soak's start: when the call was sent and when it ended. */
  start: number;
  end: number;
  message: string;
  via: string;
};

/** Every call's latency by kind, and every error; times are ms since `t0`. */
export class Recorder {
  /** Per kind: each answered call's latency (ms) and when it was sent (ms since `t0`). */
  readonly latencies = new Map<string, { ms: number[]; at: number[] }>();
  readonly errors: ErrorRecord[] = [];
  readonly t0 = performance.now();
  /** The wall clock at `t0` (the database's times are compared with it). */
  readonly t0Wall = Date.now();
  /** Calls of the workload that could not be sent because too many were in flight. */
  dropped = 0;
  #printedSecond = -1;
  #printedInSecond = 0;

  now(): number {
    return performance.now() - this.t0;
  }

  ok(kind: string, ms: number, at: number): void {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = { ms: [], at: [] }));
    list.ms.push(ms);
    list.at.push(at);
  }

  error(error: ErrorRecord): void {
    this.errors.push(error);
    // A burst is summarised by the report; its first errors of each second are shown live.
    const second = Math.floor(error.end / 1000);
    if (second !== this.#printedSecond) {
      this.#printedSecond = second;
      this.#printedInSecond = 0;
    }
    if (++this.#printedInSecond <= 3)
      console.log(
        `[soak] ${(error.end / 1000).toFixed(1)} s ${error.kind} via ${error.via}: ${error.status} ${error.message}`,
      );
  }
}

/** A signed-in user: its cookie header, ids, and which company it works in. */
export type Session = {
  label: string;
  email: string;
  cookie: string;
  userId: number;
  companyId: number;
};

export type Answer = { status: number; ok: boolean; body: Buffer; headers: Headers; ms: number };

export type CallOptions = {
  method?: string;
  body?: string | FormData;
  headers?: Record<string, string>;
  /** Who calls (their cookie); none for public calls. */
  session?: Session;
  /** Which base URL the call goes to: nginx, or an instance directly for the checks. */
  base: string;
  via: string;
  /** Statuses that count as success; 2xx by default. */
  accept?: (status: number) => boolean;
};

/**
 * One call, timed from sending to the last byte of the answer. Answers it, or null after recording
 * the error (any status not accepted, a network failure, no answer within CALL_TIMEOUT_MS). With
 * `record: false` nothing is recorded (the checks record their own findings).
 */
export async function call(
  recorder: Recorder | null,
  kind: string,
  url: string,
  options: CallOptions,
  origin: string,
): Promise<Answer | null> {
  const start = recorder?.now() ?? 0;
  const began = performance.now();
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers.cookie = options.session.cookie;
  // A browser sends its origin with every state-changing request; the server checks it.
  if (method !== 'GET') headers.origin = origin;
  try {
    const response = await fetch(`${options.base}${url}`, {
      method,
      headers,
      body: options.body ?? null,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const ms = performance.now() - began;
    const accepted = (options.accept ?? ((s) => s >= 200 && s < 300))(response.status);
    if (recorder) {
      if (accepted) recorder.ok(kind, ms, start);
      else
        recorder.error({
          kind,
          status: response.status,
          start,
          end: recorder.now(),
          message: body.toString('utf8', 0, 200).replace(/\s+/g, ' '),
          via: options.via,
        });
    }
    return accepted
      ? { status: response.status, ok: true, body, headers: response.headers, ms }
      : { status: response.status, ok: false, body, headers: response.headers, ms };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const timeout = e.name === 'TimeoutError';
    recorder?.error({
      kind,
      status: timeout ? 'timeout' : 'network',
      start,
      end: recorder.now(),
      message: `${e.cause?.code ?? e.name}: ${e.message}`.slice(0, 200),
      via: options.via,
    });
    return null;
  }
}

export const json = <T>(answer: Answer): T => JSON.parse(answer.body.toString('utf8')) as T;

/** Signs in (`POST /api/login`) and reads who it is (`GET /api/me`). */
export async function signIn(
  base: string,
  origin: string,
  email: string,
  password: string,
  label: string,
): Promise<Session> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`sign-in of ${email}: ${response.status}`);
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`GET /api/me of ${email}: ${me.status}`);
  const { id, company_id } = (await me.json()) as { id: number; company_id: number };
  return { label, email, cookie, userId: id, companyId: company_id };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A valid one-page PDF (standard Helvetica font) holding these lines: a few hundred bytes, built
 * without a library, so that each upload is a distinct file whose hash is checked on download.
 */
export function cvPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT',
    '/F1 12 Tf',
    '50 780 Td',
    '16 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
