import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export type RoleRow = { id: number; name: string; parent_id: number | null; user_count: number };

/** The only SQL of roles and rights; every query takes the company id. */
export class RolesRepository {
  constructor(readonly db: Kysely<DB>) {}

  /** Every role of the company with how many users hold it. */
  async list(companyId: number): Promise<RoleRow[]> {
    const rows = await this.db
      .selectFrom('roles as r')
      .leftJoin('users as u', 'u.role_id', 'r.id')
      .select((eb) => [
        'r.id',
        'r.name',
        'r.parent_id',
        eb.fn.count<number>('u.id').as('user_count'),
      ])
      .where('r.company_id', '=', companyId)
      .groupBy(['r.id', 'r.name', 'r.parent_id'])
      .orderBy('r.name')
      .orderBy('r.id')
      .execute();
    return rows.map((r) => ({ ...r, user_count: Number(r.user_count) }));
  }

  async find(companyId: number, id: number) {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether a sibling (same parent) other than `exceptId` already has this name, without case. */
  async siblingNamed(
    companyId: number,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    let q = this.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where(sql`lower(name)`, '=', name.toLowerCase());
    q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(companyId: number, name: string, parentId: number, now: string): Promise<number> {
    const row = await this.db
      .insertInto('roles')
      .values({ company_id: companyId, name, parent_id: parentId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(companyId: number, id: number, name: string, parentId: number | null) {
    await this.db
      .updateTable('roles')
      .set({ name, parent_id: parentId })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }

  /** How many users hold the role, and how many roles sit directly under it. */
  async holdersAndChildren(id: number): Promise<{ users: number; children: number }> {
    const [users, children] = await Promise.all([
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', id)
        .executeTakeFirst(),
      this.db
        .selectFrom('roles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', id)
        .executeTakeFirst(),
    ]);
    return { users: Number(users?.n ?? 0), children: Number(children?.n ?? 0) };
  }

  /** Deletes a role nobody holds and without children (checked by the caller). */
  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      await trx
        .deleteFrom('roles')
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    });
  }

  async permissions(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleId)
      .execute();
    return rows.map((r) => r.permission);
  }

  /** Replaces the role's permissions: `added` go in, `removed` go out, in one transaction. */
  async changePermissions(roleId: number, added: string[], removed: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (removed.length)
        await trx
          .deleteFrom('role_permissions')
          .where('role_id', '=', roleId)
          .where('permission', 'in', removed)
          .execute();
      if (added.length)
        await trx
          .insertInto('role_permissions')
          .values(added.map((permission) => ({ role_id: roleId, permission })))
          // Two saves at once: the second finds the first's rows, no duplicate error.
          .onConflict((oc) => oc.columns(['role_id', 'permission']).doNothing())
          .execute();
    });
  }
}
