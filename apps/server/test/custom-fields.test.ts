import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCustomFieldCreate,
  checkCustomValue,
  type TCustomField,
} from '@embauche/contracts/custom-fields';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };
type Offer = { id: number; custom_fields?: Record<string, unknown> };

describe('custom field values by type (contracts/custom-fields.ts)', () => {
  const check = (type: TCustomField['type'], value: unknown, options: string[] = ['A', 'B']) =>
    checkCustomValue({ type, options }, value);
  it('answers a code per type', () => {
    expect(check('text', 'x'.repeat(256))).toEqual({ error: 'max_length:255' });
    expect(check('text', 12)).toEqual({ error: 'invalid' });
    expect(check('text', '  hi ')).toEqual({ value: 'hi' });
    expect(check('long_text', 'x'.repeat(10_001))).toEqual({ error: 'max_length:10000' });
    expect(check('number', '12')).toEqual({ error: 'invalid' });
    expect(check('number', 1.5)).toEqual({ value: 1.5 });
    expect(check('number', 1e13)).toEqual({ error: 'max_value:1000000000000' });
    expect(check('currency', 10.5)).toEqual({ error: 'invalid' });
    expect(check('currency', 1050)).toEqual({ value: 1050 });
    expect(check('date', '2026-02-30')).toEqual({ error: 'invalid_date' });
    expect(check('date', '2026-02-28')).toEqual({ value: '2026-02-28' });
    expect(check('single_choice', 'C')).toEqual({ error: 'unknown_option' });
    expect(check('single_choice', ['A'])).toEqual({ error: 'invalid' });
    expect(check('multiple_choice', ['B', 'A', 'B'])).toEqual({ value: ['A', 'B'] });
    expect(check('multiple_choice', ['A', 'Z'])).toEqual({ error: 'unknown_option' });
    expect(check('multiple_choice', 'A')).toEqual({ error: 'invalid' });
    expect(check('yes_no', 'yes')).toEqual({ error: 'invalid' });
    expect(check('yes_no', false)).toEqual({ value: false });
    expect(check('text', '')).toEqual({ value: null });
  });
  it('checks the field form', () => {
    const issues = (input: object) => {
      const r = ZCustomFieldCreate.safeParse(input);
      return r.success
        ? {}
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ entity: 'offer', type: 'text', label: ' ' })).toEqual({
      label: 'field_required',
    });
    expect(issues({ entity: 'offer', type: 'text', label: 'x'.repeat(256) })).toEqual({
      label: 'max_length:255',
    });
    expect(issues({ entity: 'offer', type: 'single_choice', label: 'L' })).toEqual({
      options: 'options_required',
    });
    expect(
      issues({ entity: 'offer', type: 'single_choice', label: 'L', options: ['a', 'a'] }),
    ).toEqual({ options: 'duplicate' });
    expect(issues({ entity: 'nope', type: 'x', label: 'L' })).toEqual({
      entity: 'invalid',
      type: 'invalid',
    });
  });
});

/**
 * Issue 17 item 5: custom fields of offers (and applicants), their values checked by type through
 * the offer calls, the offer list filter, the export column, the permission and the other company.
 */
describe.each(testDatabases())('custom fields on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let finance: number;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const field = async (api: Api, body: object) =>
    ok<TCustomField>(await api.post('/api/custom-fields', { entity: 'offer', ...body }), 201);
  const offer = (body: object) => admin.post(`/api/projects/${finance}/offers`, body);

  beforeAll(async () => {
    ctx = await startTestApp(testDb, process.env.CF_DEBUG ? { LOG_LEVEL: 'error' } : {});
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    finance = await projectId(admin, 'Finance et contrôle de gestion');
  }, 60_000);
  afterAll(() => ctx.close());

  it('creates, lists in order, reorders, archives; 403 without the permission', async () => {
    const a = await field(admin, { type: 'text', label: '  Code interne ' });
    expect(a).toMatchObject({
      label: 'Code interne',
      type: 'text',
      required: false,
      show_in_form: true,
      options: [],
      archived: false,
      value_count: 0,
    });
    const b = await field(admin, { type: 'yes_no', label: 'Télétravail' });
    const list = ok<TCustomField[]>(await admin.get('/api/custom-fields?entity=offer'));
    expect(list.map((f) => f.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const ids = list.map((f) => f.id);
    const reversed = [...ids].reverse();
    expect(
      (await admin.put('/api/custom-fields/order', { entity: 'offer', ids: reversed })).statusCode,
    ).toBe(204);
    expect(
      ok<TCustomField[]>(await admin.get('/api/custom-fields?entity=offer')).map((f) => f.id),
    ).toEqual(reversed);
    expect(
      errors(await admin.put('/api/custom-fields/order', { entity: 'offer', ids: [a.id] })),
    ).toEqual({ ids: ['invalid'] });
    const archived = ok<TCustomField>(
      await admin.put(`/api/custom-fields/${b.id}`, { label: 'Télétravail', archived: true }),
    );
    expect(archived.archived).toBe(true);
    expect(
      ok<TCustomField[]>(await admin.get('/api/custom-fields/active?entity=offer')).map(
        (f) => f.id,
      ),
    ).not.toContain(b.id);
    // The recruiter reads the active fields (forms) but does not configure them.
    ok(await recruiter.get('/api/custom-fields/active?entity=offer'));
    expect((await recruiter.get('/api/custom-fields?entity=offer')).statusCode).toBe(403);
    expect(
      (await recruiter.post('/api/custom-fields', { entity: 'offer', type: 'text', label: 'X' }))
        .statusCode,
    ).toBe(403);
    expect((await recruiter.del(`/api/custom-fields/${a.id}`)).statusCode).toBe(403);
    expect(
      errors(await admin.post('/api/custom-fields', { entity: 'offer', type: 'date' })),
    ).toEqual({ label: ['field_required'] });
    expect(
      errors(await admin.put(`/api/custom-fields/${a.id}`, { label: 'x'.repeat(256) })),
    ).toEqual({ label: ['max_length:255'] });
  });

  it("answers 404 for another company's field, which an offer cannot write either", async () => {
    const theirs = await field(other, { type: 'text', label: 'Leur champ' });
    expect((await admin.get(`/api/custom-fields/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/custom-fields/${theirs.id}`, { label: 'x' })).statusCode).toBe(
      404,
    );
    expect((await admin.del(`/api/custom-fields/${theirs.id}`)).statusCode).toBe(404);
    expect(
      ok<TCustomField[]>(await admin.get('/api/custom-fields?entity=offer')).map((f) => f.id),
    ).not.toContain(theirs.id);
    const res = await offer({ job_position: 'Intrus', custom_fields: { [theirs.id]: 'x' } });
    expect(errors(res)).toEqual({ [`custom_fields.${theirs.id}`]: ['unknown_field'] });
    const count = await ctx.database.db
      .selectFrom('custom_field_values')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('field_id', '=', theirs.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('checks each type through the offer calls; a required field blocks saving', async () => {
    const required = await field(admin, {
      type: 'single_choice',
      label: 'Filière',
      required: true,
      options: ['Audit', 'Conseil'],
    });
    const amount = await field(admin, { type: 'currency', label: 'Prime' });
    const day = await field(admin, { type: 'date', label: 'Début' });
    const tags = await field(admin, {
      type: 'multiple_choice',
      label: 'Langues',
      options: ['FR', 'EN', 'DE'],
    });
    const remote = await field(admin, { type: 'yes_no', label: 'Remote' });
    const count = await field(admin, { type: 'number', label: 'Postes' });
    const note = await field(admin, { type: 'long_text', label: 'Note' });

    expect(errors(await offer({ job_position: 'Auditeur' }))).toEqual({
      [`custom_fields.${required.id}`]: ['field_required'],
    });
    expect(
      errors(
        await offer({
          job_position: 'Auditeur',
          custom_fields: {
            [required.id]: 'Autre',
            [amount.id]: 12.5,
            [day.id]: '2026-13-01',
            [tags.id]: 'FR',
            [remote.id]: 'oui',
            [count.id]: 'deux',
            [note.id]: 'x'.repeat(10_001),
          },
        }),
      ),
    ).toEqual({
      [`custom_fields.${required.id}`]: ['unknown_option'],
      [`custom_fields.${amount.id}`]: ['invalid'],
      [`custom_fields.${day.id}`]: ['invalid_date'],
      [`custom_fields.${tags.id}`]: ['invalid'],
      [`custom_fields.${remote.id}`]: ['invalid'],
      [`custom_fields.${count.id}`]: ['invalid'],
      [`custom_fields.${note.id}`]: ['max_length:10000'],
    });
    const created = ok<Offer>(
      await offer({
        job_position: 'Auditeur',
        custom_fields: {
          [required.id]: 'Audit',
          [amount.id]: 150_000,
          [day.id]: '2026-09-01',
          [tags.id]: ['EN', 'FR'],
          [remote.id]: true,
          [count.id]: 3,
        },
      }),
      201,
    );
    expect(created.custom_fields).toEqual({
      [required.id]: 'Audit',
      [amount.id]: 150_000,
      [day.id]: '2026-09-01',
      [tags.id]: ['FR', 'EN'],
      [remote.id]: true,
      [count.id]: 3,
    });
    const url = `/api/projects/${finance}/offers/${created.id}`;
    // Clearing the required field is refused; fields not sent keep their values.
    expect(errors(await admin.put(url, { custom_fields: { [required.id]: null } }))).toEqual({
      [`custom_fields.${required.id}`]: ['field_required'],
    });
    const updated = ok<Offer>(await admin.put(url, { custom_fields: { [count.id]: null } }));
    expect(updated.custom_fields![count.id]).toBeUndefined();
    expect(updated.custom_fields![required.id]).toBe('Audit');
    expect(ok<Offer>(await admin.get(url)).custom_fields![amount.id]).toBe(150_000);

    // Deleting a field that holds values needs a confirmation; the values go with it.
    const conflict = await admin.del(`/api/custom-fields/${amount.id}`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ code: string }>().code).toBe('field_has_values');
    expect((await admin.del(`/api/custom-fields/${amount.id}?force=1`)).statusCode).toBe(204);
    expect(ok<Offer>(await admin.get(url)).custom_fields![amount.id]).toBeUndefined();
    // Leave the required field out of the other tests' way.
    ok(
      await admin.put(`/api/custom-fields/${required.id}`, {
        label: 'Filière',
        required: false,
        options: ['Audit', 'Conseil'],
      }),
    );
  });

  it('filters the offer list on a value and exports one column per field', async () => {
    const sector = await field(admin, {
      type: 'single_choice',
      label: 'Secteur',
      options: ['Public', 'Privé'],
    });
    const memo = await field(admin, { type: 'text', label: 'Mémo' });
    const flag = await field(admin, { type: 'yes_no', label: 'Urgent' });
    const a = ok<Offer>(
      await offer({
        job_position: 'Contrôleur A',
        custom_fields: {
          [sector.id]: 'Public',
          [memo.id]: 'Poste RARE à pourvoir',
          [flag.id]: true,
        },
      }),
      201,
    );
    const b = ok<Offer>(
      await offer({
        job_position: 'Contrôleur B',
        custom_fields: { [sector.id]: 'Privé', [flag.id]: false },
      }),
      201,
    );
    const ids = async (query: string) =>
      ok<{ data: { id: number }[] }>(
        await admin.get(`/api/projects/all/offers?per_page=100&${query}`),
      ).data.map((o) => o.id);
    expect(await ids(`filter[custom_fields][${sector.id}]=Public`)).toEqual([a.id]);
    expect(await ids(`filter[custom_fields.${sector.id}]=Privé`)).toEqual([b.id]);
    expect(await ids(`filter[custom_fields][${memo.id}]=rare`)).toEqual([a.id]);
    expect(await ids(`filter[custom_fields][${flag.id}]=0`)).toEqual([b.id]);
    expect(
      errors(
        await admin.get(`/api/projects/all/offers?filter[custom_fields][${flag.id}]=peut-être`),
      ),
    ).toEqual({ [`filter.custom_fields.${flag.id}`]: ['invalid'] });
    expect(
      errors(await admin.get('/api/projects/all/offers?filter[custom_fields][999999]=x')),
    ).toEqual({ 'filter.custom_fields.999999': ['unknown_field'] });

    const csv = await admin.get(
      `/api/projects/all/offers/export/all?format=csv&lang=fr&filter[custom_fields][${sector.id}]=Public`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const header = lines[0]!.split(';');
    expect(header).toEqual(expect.arrayContaining(['Secteur', 'Mémo', 'Urgent']));
    expect(lines).toHaveLength(2);
    const row = lines[1]!.split(';');
    expect(row[header.indexOf('Secteur')]).toBe('Public');
    expect(row[header.indexOf('Mémo')]).toBe('Poste RARE à pourvoir');
    expect(row[header.indexOf('Urgent')]).toBe('Oui');
  });

  it('keeps applicant values, for users who see the applicant', async () => {
    const skill = ok<TCustomField>(
      await admin.post('/api/custom-fields', {
        entity: 'applicant',
        type: 'text',
        label: 'Permis',
      }),
      201,
    );
    const { id } = await ctx.database.db
      .selectFrom('applicants')
      .innerJoin('users', 'users.company_id', 'applicants.company_id')
      .select('applicants.id')
      .where('users.email', '=', 'admin@demo.test')
      .orderBy('applicants.id')
      .executeTakeFirstOrThrow();
    const url = `/api/applicants/${id}/custom-fields`;
    expect(ok(await admin.put(url, { custom_fields: { [skill.id]: 'B' } }))).toEqual({
      custom_fields: { [skill.id]: 'B' },
    });
    expect(ok(await admin.get(url))).toEqual({ custom_fields: { [skill.id]: 'B' } });
    expect(errors(await admin.put(url, { custom_fields: { [skill.id]: 3 } }))).toEqual({
      [`custom_fields.${skill.id}`]: ['invalid'],
    });
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.put(url, { custom_fields: {} })).statusCode).toBe(404);
  });
});
