import { knownLanguage } from '@embauche/contracts/constants';
import type { TBookingLinkInput, TBookingLinkResult } from '@embauche/contracts/planner';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import { HttpError, validationFailed } from '../../platform/http/http-error.ts';
import { escapeHtml } from '../../platform/mail/escape-html.ts';
import { queueMail, type MailMessage } from '../../platform/mail/mailer.ts';
import type { ApplicationsService } from '../applications/applications.service.ts';
import type { SmsService } from '../sms/sms.service.ts';
import type { AppointmentsService } from './appointments.service.ts';
import type { BookingRepository } from './booking.repository.ts';
import { renderPlannerMail } from './planner-mail.ts';
import { BOOKING_SMS_TEXTS, fillText } from './planner-mail-texts.ts';

type Result = TBookingLinkResult['results'][number];

/**
 * Sending booking links (`POST /api/planner/booking-links`): one link per application (its
 * applicant), known by its token's hash; the e-mail (kind `booking_link`) queued with the links in
 * one transaction, then the SMS through the SMS module (its feature, destinations and daily cap).
 */
export class BookingLinksService {
  constructor(
    private readonly repo: BookingRepository,
    private readonly appointments: AppointmentsService,
    private readonly applications: Pick<ApplicationsService, 'sight'>,
    private readonly sms: () => Pick<SmsService, 'send'>,
  ) {}

  async send(auth: AuthContext, input: TBookingLinkInput): Promise<TBookingLinkResult> {
    const template = await this.appointments.repo.template(auth.companyId, input.template_id);
    if (!template) throw validationFailed({ template_id: ['invalid'] });
    const channels = new Set(input.channels);
    if (channels.has('sms') && !(await this.repo.hasFeature(auth.companyId, 'SMS')))
      throw validationFailed({ channels: ['invalid'] });
    const ids = [...new Set(input.application_ids)];
    const [rows, sight] = await Promise.all([
      this.repo.applications(auth.companyId, ids),
      this.applications.sight(auth),
    ]);
    if (rows.length !== ids.length || rows.some((r) => !sight.sees(r)))
      throw validationFailed({ application_ids: ['unknown_applicant'] });
    const repo = this.appointments.repo;
    const company = await repo.company(auth.companyId);
    const now = new Date();
    const expires = new Date(now.getTime() + input.expires_in_days * 86_400_000);
    const base = this.appointments.base();
    // Everything read and rendered before the transaction (SQLite: nothing outside it inside it).
    const prepared: {
      row: (typeof rows)[number];
      token: string;
      language: ReturnType<typeof knownLanguage>;
      link: string;
      mail: MailMessage | null;
    }[] = [];
    for (const r of rows) {
      const token = randomToken();
      const language = knownLanguage(
        (await repo.applicantLanguage(auth.companyId, r.applicant_id!)) ?? company.default_language,
      );
      const link = `${base}/booking/${token}`;
      let mail: MailMessage | null = null;
      if (channels.has('email') && r.email && !r.email_blocked) {
        mail = await renderPlannerMail(this.appointments.models, 'booking_link', {
          companyId: auth.companyId,
          companyName: company.social_reason,
          templateName: template.name,
          language,
          companyLanguage: company.default_language,
          timeZone: template.time_zone,
          start: now,
          end: now,
          place: template.location,
          link,
          expires,
          offerTitle: r.offer_title,
          candidate: { firstname: r.firstname, lastname: r.lastname, email: r.email },
          modelId: null,
          // Signed by the user who sends the link.
          sender: auth.userId,
        });
        if (input.message)
          mail = {
            ...mail,
            text: `${input.message}\n\n${mail.text}`,
            html: `<p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>${mail.html ?? ''}`,
          };
      }
      prepared.push({ row: r, token, language, link, mail });
    }
    const linkIds = await repo.transaction(async (trx) => {
      const out: number[] = [];
      for (const p of prepared) {
        out.push(
          await this.repo.insert(trx, {
            company_id: auth.companyId,
            template_id: template.id,
            applicant_id: p.row.applicant_id!,
            application_id: p.row.id,
            token_hash: sha256(p.token),
            language: p.language,
            expires_at: expires.toISOString(),
            created_by: auth.userId,
            created_at: now.toISOString(),
          }),
        );
        if (p.mail) await queueMail(trx, p.mail);
      }
      return out;
    });
    const results: Result[] = [];
    for (const [i, p] of prepared.entries()) {
      let sms: Result['sms'] = 'not_asked';
      if (channels.has('sms')) {
        try {
          await this.sms().send(auth, {
            application_id: p.row.id,
            applicant_id: p.row.applicant_id!,
            message: fillText(BOOKING_SMS_TEXTS[p.language], {
              company: company.social_reason,
              template: template.name,
              link: p.link,
            }),
          });
          sms = 'queued';
        } catch (err) {
          if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
          sms = 'skipped';
        }
      }
      const email: Result['email'] = !channels.has('email')
        ? 'not_asked'
        : p.mail
          ? 'queued'
          : 'skipped';
      results.push({
        application_id: p.row.id,
        booking_id: linkIds[i]!,
        email,
        sms,
        skipped_reason:
          email === 'skipped'
            ? p.row.email
              ? 'unsubscribed'
              : 'no_email'
            : sms === 'skipped'
              ? 'no_mobile'
              : null,
      });
    }
    return {
      sent: results.filter((r) => r.email === 'queued' || r.sms === 'queued').length,
      results,
    };
  }
}
