import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Subsidiary = { id: number; name: string };

describe.each(testDatabases())('subsidiaries on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let other: Api;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
  });
  afterAll(() => ctx.close());

  it("lists the company's own subsidiaries by name, to every signed-in user", async () => {
    const mine: Subsidiary[] = (await admin.get('/api/subsidiaries')).json();
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const names = mine.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await manager.get('/api/subsidiaries')).json()).toEqual(mine);
    const theirs: Subsidiary[] = (await other.get('/api/subsidiaries')).json();
    expect(theirs.some((s) => mine.some((m) => m.id === s.id))).toBe(false);
    expect((await apiAs(ctx.app).get('/api/subsidiaries')).statusCode).toBe(401);
  });

  it("sets an offer's subsidiary and refuses another company's", async () => {
    const [first] = (await admin.get('/api/subsidiaries')).json() as Subsidiary[];
    const [foreign] = (await other.get('/api/subsidiaries')).json() as Subsidiary[];
    const offers = (await admin.get('/api/projects/all/offers?per_page=1')).json();
    const offer = offers.data[0];
    const url = `/api/projects/${offer.project_id}/offers/${offer.id}`;
    const refused = await admin.put(url, { job_position: offer.job_position, subsidiary_id: foreign?.id ?? 999_999 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ subsidiary_id: ['invalid'] });
    const saved = await admin.put(url, { job_position: offer.job_position, subsidiary_id: first!.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ subsidiary_id: first!.id, subsidiary_name: first!.name });
  });
});
