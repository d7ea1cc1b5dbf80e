import { LANGUAGES } from '@embauche/contracts/constants';
import type { TMailingSkipReason } from '@embauche/contracts/mailings';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { appendSignature } from '../../platform/mail/append-signature.ts';
import { fillMergeFields } from '../../platform/mail/merge-fields.ts';
import { queueMails, type MailAttachment, type MailMessage } from '../../platform/mail/mailer.ts';
import type { FeedWriter } from '../activity-feed/feed-writer.ts';
import type { CommunityMailing, MemberMailLinks } from '../community/community-mailing.ts';
import type { MailSignaturesService } from '../mail-models/mail-signatures.service.ts';
import type { UnsubscribeLinks } from './mail-unsubscribe.ts';
import type { MailingsRepository, PendingRecipient } from './mailings.repository.ts';
import {
  MAILING_JOB,
  recipientContent,
  recipientValues,
  type MailingContents,
} from './mailings.service.ts';

/**
 * Recipients written per transaction, the pause between two (the server's other requests are
 * answered meanwhile: on SQLite a transaction holds the process's one connection), and
 * transactions per run of the job. bench/mailings.bench.ts measures them.
 */
export const MAILING_BATCH = 25;
export const MAILING_PAUSE_MS = 50;
/**
 * 10,000 recipients a run (about 25 s): the next run waits behind every job queued meanwhile (the
 * outbox's sends, one per e-mail), so fewer, longer runs finish sooner; a run stays far below the
 * worker's lock timeout (10 minutes), and one taken again anyway writes to nobody twice.
 */
export const MAILING_BATCHES_PER_RUN = 400;

function requireCommunity<T>(community: (() => T) | undefined): T {
  if (!community) throw new Error('mailing: members to write to, but no talent community');
  return community();
}

/**
 * The `mailing.send` job: writes a mailing's e-mails to the outbox (the mail job sends them), a
 * batch of recipients per transaction — the outbox rows, the recipients marked, the counters and
 * the feed's entries commit together, so a restart mid-run writes to nobody twice. A run does at
 * most MAILING_BATCHES_PER_RUN batches then queues the next run (in the last batch's transaction),
 * so no run lasts long enough to be taken for a dead one. A recipient already written to by
 * another run makes the batch roll back.
 */
export function registerMailingJob(
  worker: Pick<JobWorker, 'register'>,
  repo: MailingsRepository,
  links: UnsubscribeLinks,
  feed: () => Pick<FeedWriter, 'mailsSent'> | undefined,
  base: () => string,
  sizes: { batch: number; batchesPerRun: number; pauseMs?: number } = {
    batch: MAILING_BATCH,
    batchesPerRun: MAILING_BATCHES_PER_RUN,
    pauseMs: MAILING_PAUSE_MS,
  },
  /** The sender's signature, appended to each e-mail (issue 38 part 2). */
  signatures?: Pick<MailSignaturesService, 'signatureFor'>,
  /** The talent community (a later module: looked up when a batch writes to members). */
  community?: () => Pick<CommunityMailing, 'mailLinks'>,
): void {
  worker.register<{ mailing_id: number; company_id: number }>(
    MAILING_JOB,
    async ({ mailing_id: id, company_id: companyId }) => {
      const mailing = await repo.find(companyId, id);
      if (!mailing || mailing.status === 'done' || mailing.status === 'cancelled') return;
      if (mailing.status === 'scheduled') await repo.setStatus(companyId, id, 'sending');
      const contents = JSON.parse(mailing.contents) as MailingContents;
      const [company, sender, files] = await Promise.all([
        repo.company(companyId),
        repo.user(mailing.created_by),
        repo.attachments(companyId, id),
      ]);
      const bulk = Boolean(mailing.bulk);
      // The same stored files go with every e-mail (read when each is sent).
      const attachments: MailAttachment[] = files.map((f) => ({
        filename: f.filename,
        contentType: f.mime,
        key: f.storage_key,
      }));
      // The sender's signature (else the company's) in each language the mailing is written in,
      // read before any batch's transaction.
      const signed = new Map(
        await Promise.all(
          LANGUAGES.filter((l) => contents[l]).map(
            async (l) =>
              [l, await signatures?.signatureFor(companyId, mailing.created_by, l)] as const,
          ),
        ),
      );

      /** `member`: a community member's links (their page, the community's unsubscribe, its footer). */
      const message = (r: PendingRecipient, member: MemberMailLinks | undefined): MailMessage => {
        const unsubscribe = member ? member.page : links.url(companyId, r.applicant_id!);
        const values = recipientValues({
          firstname: r.firstname,
          lastname: r.lastname,
          company: { name: company.social_reason, slug: company.slug },
          sender,
          offer:
            r.offer_id !== null
              ? {
                  id: r.offer_id,
                  title: r.offer_title ?? '',
                  published: r.offer_status === 'published',
                }
              : null,
          base: base(),
          unsubscribe,
        });
        const content = recipientContent(contents, r.language, company.default_language);
        // The sender's signature at the end of both parts (issue 38 part 2).
        const signedBody = appendSignature(
          {
            html: fillMergeFields(content.html, values, 'html'),
            text: fillMergeFields(content.text, values, 'text'),
          },
          signed.get(content.language),
        );
        return {
          companyId,
          to: r.email!,
          subject: fillMergeFields(content.subject, values, 'subject'),
          // A member's e-mail ends, as every e-mail to a member, with the community's footer.
          ...(member ? member.close(signedBody) : signedBody),
          fromName: sender ? `${sender.firstname} ${sender.lastname}` : company.social_reason,
          replyTo: sender?.email ?? null,
          headers: bulk
            ? {
                'List-Unsubscribe': `<${member ? member.unsubscribe : unsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : null,
          attachments,
        };
      };

      for (let batch = 0; batch < sizes.batchesPerRun; batch += 1) {
        const pending = await repo.pending(companyId, id, sizes.batch);
        if (!pending.length) {
          await repo.setStatus(companyId, id, 'done');
          return;
        }
        const last = batch === sizes.batchesPerRun - 1;
        const over = await repo.transaction(async (trx) => {
          // Cancelled meanwhile: nothing more is written.
          const now = await repo.find(companyId, id, trx);
          if (now?.status === 'cancelled') return true;
          const skipped: { id: number; reason: TMailingSkipReason }[] = [];
          const reached: PendingRecipient[] = [];
          for (const r of pending) {
            // A member who left, expired or was erased: unsubscribed, whatever their address.
            if (r.member_id !== null && r.blocked)
              skipped.push({ id: r.id, reason: 'unsubscribed' });
            else if (!r.email) skipped.push({ id: r.id, reason: 'no_email' });
            else if (r.blocked) skipped.push({ id: r.id, reason: 'unsubscribed' });
            else reached.push(r);
          }
          // The members' leave links, their tokens stored in this batch's transaction.
          const members = reached.filter((r) => r.member_id !== null);
          const memberLinks = members.length
            ? await requireCommunity(community).mailLinks(
                trx,
                companyId,
                members.map((r) => ({ id: r.member_id!, language: r.language ?? '' })),
                base(),
              )
            : new Map<number, MemberMailLinks>();
          const writing = reached.map((r) => ({
            r,
            m: message(r, r.member_id !== null ? memberLinks.get(r.member_id) : undefined),
          }));
          const mailIds = await queueMails(
            trx,
            writing.map((w) => w.m),
          );
          const settled = await repo.settle(
            trx,
            companyId,
            id,
            writing.map((w, i) => ({ id: w.r.id, mailId: mailIds[i]! })),
            skipped,
          );
          if (!settled) throw new Error(`mailing ${id}: a batch was written by another run`);
          // On the applicant's feed; a member's only when they became an applicant.
          await feed()?.mailsSent(
            { companyId, userId: mailing.created_by },
            writing
              .flatMap((w) => (w.r.applicant_id === null ? [] : [w]))
              .map((w) => ({
                applicantId: w.r.applicant_id!,
                offerId: w.r.offer_id,
                subject: w.m.subject,
                text: w.m.text,
              })),
            trx,
          );
          // The last batch says so itself (the next run could wait behind every e-mail's send).
          if (!(await repo.hasPending(companyId, id, trx))) {
            await repo.setStatus(companyId, id, 'done', trx);
            return true;
          }
          if (last) await enqueue(trx, MAILING_JOB, { mailing_id: id, company_id: companyId });
          return false;
        });
        if (over) return;
        if (sizes.pauseMs) await new Promise((resolve) => setTimeout(resolve, sizes.pauseMs));
      }
    },
  );
}
