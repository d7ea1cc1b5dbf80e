import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/platform/auth/tokens.ts';
import type { SessionRow, SessionsRepository } from '../src/platform/auth/sessions.repository.ts';
import { SessionsService } from '../src/platform/auth/sessions.service.ts';

/** A sessions table in memory that counts its reads. */
function fakeRepo() {
  const rows = new Map<string, SessionRow>();
  const repo = {
    reads: 0,
    async find(id: string) {
      repo.reads++;
      const row = rows.get(id);
      return row && { ...row };
    },
    async insert(row: SessionRow) {
      rows.set(row.id, { ...row, acting_company_id: null, acting_user_id: null });
    },
    async touch(id: string, at: string) {
      const row = rows.get(id);
      if (row) row.last_seen_at = at;
    },
    async delete(id: string) {
      rows.delete(id);
    },
    async deleteOthersOfUser(userId: number, keepId: string) {
      const ids: string[] = [];
      for (const [id, row] of rows)
        if (row.user_id === userId && id !== keepId && rows.delete(id)) ids.push(id);
      return ids;
    },
    async deleteExpired() {},
  };
  return repo;
}

const config = { sessionIdleMinutes: 120, sessionAbsoluteHours: 12 };
const client = { ip: null, userAgent: null };

describe('session lookup cache', () => {
  it('reads a session once for a few seconds', async () => {
    const repo = fakeRepo();
    const sessions = new SessionsService(repo as unknown as SessionsRepository, config);
    const token = await sessions.open(1, client);
    for (let i = 0; i < 5; i++) expect((await sessions.resolve(token))?.user_id).toBe(1);
    expect(repo.reads).toBe(1);
  });

  it('ends a closed session at once on this instance', async () => {
    const repo = fakeRepo();
    const sessions = new SessionsService(repo as unknown as SessionsRepository, config);
    const token = await sessions.open(1, client);
    expect(await sessions.resolve(token)).toBeDefined();
    await sessions.close(token);
    expect(await sessions.resolve(token)).toBeUndefined();
  });

  it("ends a user's other sessions at once, and keeps the current one", async () => {
    const repo = fakeRepo();
    const sessions = new SessionsService(repo as unknown as SessionsRepository, config);
    const kept = await sessions.open(1, client);
    const other = await sessions.open(1, client);
    const someoneElse = await sessions.open(2, client);
    for (const t of [kept, other, someoneElse]) expect(await sessions.resolve(t)).toBeDefined();
    await sessions.closeOthers(1, sha256(kept));
    expect(await sessions.resolve(kept)).toBeDefined();
    expect(await sessions.resolve(other)).toBeUndefined();
    expect(await sessions.resolve(someoneElse)).toBeDefined();
    sessions.forgetUser(2);
    await repo.delete(sha256(someoneElse));
    expect(await sessions.resolve(someoneElse)).toBeUndefined();
  });

  it('reads the database again once the copy is older than the cache time', async () => {
    const repo = fakeRepo();
    const sessions = new SessionsService(repo as unknown as SessionsRepository, config, 0);
    const token = await sessions.open(1, client);
    await sessions.resolve(token);
    await repo.delete(sha256(token));
    expect(await sessions.resolve(token)).toBeUndefined();
  });
});
