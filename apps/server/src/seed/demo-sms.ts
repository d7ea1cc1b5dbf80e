import type { Kysely } from 'kysely';
import { smsSegments } from '@embauche/contracts/sms';
import type { DB } from '../platform/db/schema.ts';
import { OUTBOX_FROM } from '../platform/sms/outbox-provider.ts';
import { mobileE164 } from '../platform/sms/phone.ts';

type Line = { inbound: boolean; body: string; state?: 'sent' | 'received'; read?: boolean };

/** Demo conversations: a few exchanges, one reply still unread, one message just sent. */
const CONVERSATIONS: Line[][] = [
  [
    {
      inbound: false,
      body: 'Bonjour, êtes-vous disponible pour un entretien téléphonique demain à 10 h ?',
    },
    { inbound: true, body: 'Bonjour, oui tout à fait, je serai disponible.', read: true },
    { inbound: false, body: 'Parfait, nous vous appelons demain à 10 h. Bonne journée !' },
  ],
  [
    {
      inbound: false,
      body: 'Bonjour, votre candidature a retenu notre attention. Pouvez-vous nous rappeler ?',
    },
    { inbound: true, body: 'Bonjour, je vous rappelle cet après-midi, merci !' },
  ],
  [
    {
      inbound: false,
      body: 'Bonjour, pourriez-vous nous envoyer votre permis de conduire ?',
      state: 'sent',
    },
  ],
];

/**
 * Seeds SMS conversations for the first applications (on an offer, with a valid mobile) of each
 * company having the SMS feature, so that the SMS bell and sheet are not empty on a fresh clone.
 * The last message of the last conversation went through the development outbox.
 */
export async function seedDemoSms(db: Kysely<DB>): Promise<void> {
  const companies = await db
    .selectFrom('company_features')
    .select('company_id')
    .where('feature', '=', 'SMS')
    .orderBy('company_id')
    .execute();
  for (const { company_id } of companies) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', company_id)
      .orderBy('id')
      .executeTakeFirst();
    const candidates = await db
      .selectFrom('applications as ap')
      .innerJoin('applicants as a', 'a.id', 'ap.applicant_id')
      .select(['ap.id', 'ap.applicant_id', 'ap.offer_id', 'a.phone'])
      .where('ap.company_id', '=', company_id)
      .where('ap.offer_id', 'is not', null)
      .orderBy('ap.id')
      .limit(40)
      .execute();
    const usable = candidates
      .map((c) => ({ ...c, to: mobileE164(c.phone, 'FR') }))
      .filter((c) => c.to !== null)
      .slice(0, company_id === companies[0]?.company_id ? CONVERSATIONS.length : 1);
    let minutes = 60 * 24 * usable.length;
    for (const [i, app] of usable.entries()) {
      const lines = CONVERSATIONS[i] ?? CONVERSATIONS[0]!;
      const first = new Date(Date.now() - minutes * 60_000).toISOString();
      const conv = await db
        .insertInto('sms_conversations')
        .values({
          company_id,
          application_id: app.id,
          applicant_id: app.applicant_id!,
          offer_id: app.offer_id!,
          last_message_id: null,
          last_message_at: first,
          created_at: first,
          updated_at: first,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let last: { id: number; at: string; line: Line } | null = null;
      for (const [n, line] of lines.entries()) {
        const at = new Date(Date.now() - (minutes - n * 7) * 60_000).toISOString();
        const state = line.inbound ? 'received' : (line.state ?? 'received');
        const row = await db
          .insertInto('sms_messages')
          .values({
            company_id,
            conversation_id: conv.id,
            direction: line.inbound ? 'inbound' : 'outbound',
            user_id: line.inbound ? null : (user?.id ?? null),
            body: line.body,
            to_phone: line.inbound ? OUTBOX_FROM : app.to!,
            from_phone: line.inbound ? app.to! : OUTBOX_FROM,
            provider: 'outbox',
            provider_id: `OBDEMO${company_id}x${conv.id}x${n}`,
            state,
            reason: null,
            segments: smsSegments(line.body),
            read_at: line.inbound && line.read ? at : null,
            sent_at: line.inbound ? null : at,
            received_at: state === 'received' ? at : null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        last = { id: row.id, at, line };
      }
      if (!last) continue;
      await db
        .updateTable('sms_conversations')
        .set({
          last_message_id: last.id,
          last_message_at: last.at,
          last_inbound: last.line.inbound,
          unread: last.line.inbound && !last.line.read,
        })
        .where('id', '=', conv.id)
        .execute();
      if (!last.line.inbound)
        await db
          .insertInto('sms_outbox')
          .values({
            company_id,
            message_id: last.id,
            provider_id: `OBDEMO${company_id}x${conv.id}x${lines.length - 1}`,
            to_phone: app.to!,
            from_phone: OUTBOX_FROM,
            body: last.line.body,
            created_at: last.at,
          })
          .execute();
      minutes -= 60 * 24;
    }
  }
}
