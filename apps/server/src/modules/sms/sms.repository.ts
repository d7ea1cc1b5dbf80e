import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import {
  MESSAGE_COLUMNS,
  toConversationRow,
  type ConversationRow,
  type MessageRow,
  type NewMessage,
  type SmsTarget,
} from './sms-rows.ts';

/**
 * The only SQL of SMS. Every query a user causes names the company; lists and counts keep the
 * conversations of offers in the projects the user sees. Webhooks find messages by the provider's
 * id, then work within that message's company.
 */
export class SmsRepository {
  constructor(readonly db: Kysely<DB>) {}

  async hasFeature(companyId: number, feature: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('company_features')
      .select('feature')
      .where('company_id', '=', companyId)
      .where('feature', '=', feature)
      .executeTakeFirst();
    return row !== undefined;
  }

  private targets(companyId: number) {
    return this.db
      .selectFrom('applications as ap')
      .innerJoin('applicants as a', 'a.id', 'ap.applicant_id')
      .innerJoin('offers as o', 'o.id', 'ap.offer_id')
      .select([
        'ap.id as application_id',
        'a.id as applicant_id',
        'o.id as offer_id',
        'o.project_id',
        'o.job_position',
        'a.firstname',
        'a.lastname',
        'a.phone',
        'a.img_src',
      ])
      .where('ap.company_id', '=', companyId)
      .where('a.company_id', '=', companyId)
      .where('o.company_id', '=', companyId);
  }

  target(companyId: number, applicationId: number): Promise<SmsTarget | undefined> {
    return this.targets(companyId).where('ap.id', '=', applicationId).executeTakeFirst();
  }

  /** The applications of these applicants on the offer (one per applicant at most: the first). */
  targetsOnOffer(companyId: number, offerId: number, applicantIds: number[]): Promise<SmsTarget[]> {
    if (!applicantIds.length) return Promise.resolve([]);
    return this.targets(companyId)
      .where('ap.offer_id', '=', offerId)
      .where('a.id', 'in', applicantIds)
      .orderBy('ap.id')
      .execute();
  }

  /** These applications (a resolved "all that match" selection), in id order; none on no offer. */
  targetsOf(companyId: number, applicationIds: number[]): Promise<SmsTarget[]> {
    if (!applicationIds.length) return Promise.resolve([]);
    return this.targets(companyId).where('ap.id', 'in', applicationIds).orderBy('ap.id').execute();
  }

  /**
   * Each applicant's newest application on an offer of the projects the user sees (null: every
   * project), newest first: the mass send without an offer (a recruitment list's selection).
   */
  async newestTargets(
    companyId: number,
    applicantIds: number[],
    projects: number[] | null,
  ): Promise<SmsTarget[]> {
    if (!applicantIds.length || (projects !== null && !projects.length)) return [];
    let query = this.targets(companyId).where('a.id', 'in', applicantIds);
    if (projects !== null) query = query.where('o.project_id', 'in', projects);
    const rows = await query.orderBy('ap.created_at', 'desc').orderBy('ap.id', 'desc').execute();
    const seen = new Set<number>();
    return rows.filter((r) => !seen.has(r.applicant_id) && seen.add(r.applicant_id));
  }

  offer(companyId: number, offerId: number) {
    return this.db
      .selectFrom('offers')
      .select(['id', 'project_id'])
      .where('company_id', '=', companyId)
      .where('id', '=', offerId)
      .executeTakeFirst();
  }

  private conversations(db: Kysely<DB> = this.db) {
    return db
      .selectFrom('sms_conversations as c')
      .innerJoin('offers as o', 'o.id', 'c.offer_id')
      .select([
        'c.id',
        'c.company_id',
        'c.application_id',
        'c.applicant_id',
        'c.offer_id',
        'o.project_id',
        'c.unread',
      ]);
  }

  async conversationOf(companyId: number, applicationId: number, db: Kysely<DB> = this.db) {
    const row = await this.conversations(db)
      .where('c.company_id', '=', companyId)
      .where('c.application_id', '=', applicationId)
      .executeTakeFirst();
    return row && toConversationRow(row);
  }

  async conversation(companyId: number, id: number): Promise<ConversationRow | undefined> {
    const row = await this.conversations()
      .where('c.company_id', '=', companyId)
      .where('c.id', '=', id)
      .executeTakeFirst();
    return row && toConversationRow(row);
  }

  /** The conversation of an application, created when it has none (safe against a concurrent one). */
  async ensureConversation(
    trx: Kysely<DB>,
    target: SmsTarget & { company_id: number },
    at: string,
  ) {
    await trx
      .insertInto('sms_conversations')
      .values({
        company_id: target.company_id,
        application_id: target.application_id,
        applicant_id: target.applicant_id,
        offer_id: target.offer_id,
        last_message_id: null,
        last_message_at: at,
        last_inbound: false,
        unread: false,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('application_id').doNothing())
      .execute();
    const row = await this.conversationOf(target.company_id, target.application_id, trx);
    if (!row) throw new Error('conversation not created');
    return row;
  }

  messages(conversationId: number): Promise<MessageRow[]> {
    return this.messageQuery()
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.id')
      .execute();
  }

  message(id: number): Promise<MessageRow | undefined> {
    return this.messageQuery().where('m.id', '=', id).executeTakeFirst();
  }

  byProviderId(providerId: string): Promise<MessageRow | undefined> {
    return this.messageQuery().where('m.provider_id', '=', providerId).executeTakeFirst();
  }

  private messageQuery() {
    return this.db
      .selectFrom('sms_messages as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(MESSAGE_COLUMNS);
  }

  /**
   * Stores a message and makes it its conversation's last. An inbound message whose provider id is
   * already stored is not stored again: answers undefined.
   */
  async addMessage(trx: Kysely<DB>, m: NewMessage): Promise<number | undefined> {
    const at = new Date().toISOString();
    const inserted = await trx
      .insertInto('sms_messages')
      .values({ ...m, reason: null, read_at: null, sent_at: null, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const inbound = m.direction === 'inbound';
    await trx
      .updateTable('sms_conversations')
      .set({
        last_message_id: inserted.id,
        last_message_at: at,
        last_inbound: inbound,
        unread: inbound,
        updated_at: at,
      })
      .where('id', '=', m.conversation_id)
      .execute();
    return inserted.id;
  }

  /** Moves a message's state forward; answers whether it changed (a late or repeated receipt does not). */
  async setState(
    id: number,
    from: readonly string[],
    values: { state: string; reason?: string | null; provider_id?: string; from_phone?: string },
  ): Promise<boolean> {
    const at = new Date().toISOString();
    const res = await this.db
      .updateTable('sms_messages')
      .set({
        ...values,
        updated_at: at,
        ...(values.state === 'sent' ? { sent_at: at } : {}),
        ...(values.state === 'received' ? { received_at: at } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Marks the conversation's replies read; answers whether it was unread. */
  async markRead(companyId: number, conversationId: number): Promise<boolean> {
    const at = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sms_messages')
        .set({ read_at: at })
        .where('company_id', '=', companyId)
        .where('conversation_id', '=', conversationId)
        .where('direction', '=', 'inbound')
        .where('read_at', 'is', null)
        .execute();
      const res = await trx
        .updateTable('sms_conversations')
        .set({ unread: false })
        .where('company_id', '=', companyId)
        .where('id', '=', conversationId)
        .where('unread', '=', true)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    });
  }

  /** Active users of the company holding `permission` who see the project (or every project). */
  async usersReaching(companyId: number, projectId: number, permission: string): Promise<number[]> {
    const projects = await this.db
      .selectFrom('projects')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .execute();
    const parent = new Map(projects.map((p) => [p.id, p.parent_id]));
    // A grant on a folder covers what is below it: the project and its ancestors grant it.
    const chain: number[] = [];
    let id: number | null | undefined = projectId;
    while (id != null && !chain.includes(id)) {
      chain.push(id);
      id = parent.get(id);
    }
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('role_permissions as rp', 'rp.role_id', 'u.role_id')
      .select('u.id')
      .distinct()
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where('rp.permission', '=', permission)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('role_permissions as sa')
              .select('sa.role_id')
              .whereRef('sa.role_id', '=', 'u.role_id')
              .where('sa.permission', '=', 'project.see_all'),
          ),
          eb.exists(
            eb
              .selectFrom('project_users as pu')
              .select('pu.user_id')
              .whereRef('pu.user_id', '=', 'u.id')
              .where('pu.company_id', '=', companyId)
              .where('pu.project_id', 'in', chain.length ? chain : [-1]),
          ),
        ]),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** The users who wrote in a conversation. */
  async senders(conversationId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sms_messages')
      .select('user_id')
      .distinct()
      .where('conversation_id', '=', conversationId)
      .where('user_id', 'is not', null)
      .execute();
    return rows.map((r) => r.user_id!);
  }

  /** The development outbox of the company, newest first. */
  outbox(companyId: number, limit: number) {
    return this.db
      .selectFrom('sms_outbox as ob')
      .innerJoin('sms_messages as m', 'm.id', 'ob.message_id')
      .innerJoin('sms_conversations as c', 'c.id', 'm.conversation_id')
      .innerJoin('applicants as a', 'a.id', 'c.applicant_id')
      .select([
        'ob.id',
        'ob.message_id',
        'm.conversation_id',
        'ob.to_phone',
        'ob.from_phone',
        'ob.body',
        'ob.provider_id',
        'm.state',
        'm.reason',
        'a.firstname',
        'a.lastname',
        'ob.created_at',
      ])
      .where('ob.company_id', '=', companyId)
      .orderBy('ob.id', 'desc')
      .limit(limit)
      .execute();
  }

  outboxItem(companyId: number, id: number) {
    return this.db
      .selectFrom('sms_outbox')
      .select(['id', 'message_id', 'provider_id', 'to_phone', 'from_phone'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The latest message sent to a number: the conversation a text from that number answers. */
  lastWrittenTo(phone: string) {
    return this.db
      .selectFrom('sms_messages as m')
      .select(['m.company_id', 'm.conversation_id'])
      .where('m.to_phone', '=', phone)
      .where('m.direction', '=', 'outbound')
      .orderBy('m.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
