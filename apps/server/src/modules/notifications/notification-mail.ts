import type { Language } from '@embauche/contracts/constants';
import type { TNotificationData } from '@embauche/contracts/notifications';
import { escapeHtml } from '../../platform/mail/escape-html.ts';

type Values = {
  user: string;
  applicant: string;
  offer: string;
  count: number;
  status: string;
  task: string;
};

type Texts = {
  someone: string;
  anApplicant: string;
  /** The default pipeline's statuses (a company's own status keeps its name). */
  statuses: Record<string, string>;
  messages: {
    comment_mention: (v: Values) => string;
    comment_mention_offer: (v: Values) => string;
    comment_reply: (v: Values) => string;
    comment_reply_offer: (v: Values) => string;
    documents_received: (v: Values) => string;
    application_received: (v: Values) => string;
    application_received_many: (v: Values) => string;
    favorite_offer_status_changed: (v: Values) => string;
    favorite_offer_status_changed_many: (v: Values) => string;
    applicants_shared: (v: Values) => string;
    applicants_shared_many: (v: Values) => string;
    sms_received: (v: Values) => string;
    onboarding_task_overdue: (v: Values) => string;
    cv_bundle_ready: (v: Values) => string;
    cv_bundle_ready_none: string;
    cv_bundle_failed: (v: Values) => string;
    unknown: string;
  };
  greeting: (firstname: string) => string;
  open: string;
  digestSubject: (count: number) => string;
  digestIntro: (count: number) => string;
  more: (count: number) => string;
  why: string;
};

/**
 * The notification e-mails' built-in texts in each language (mailLanguage picks the recipient's);
 * the sentences are the bell's (apps/web/public/i18n/notifications), in the glossary's terms.
 */
const TEXTS: Record<Language, Texts> = {
  fr: {
    someone: "Quelqu'un",
    anApplicant: 'un candidat',
    statuses: {
      new: 'Nouveau',
      preselected: 'Présélectionné',
      phone_interview: 'Entretien téléphonique',
      interview: 'Entretien',
      offer_sent: 'Proposition envoyée',
      recruited: 'Recruté',
      refused: 'Refusé',
      withdrawn: 'Désisté',
    },
    messages: {
      comment_mention: (v) => `${v.user} vous a mentionné dans un commentaire sur ${v.applicant}`,
      comment_mention_offer: (v) =>
        `${v.user} vous a mentionné dans un commentaire sur l'offre ${v.offer}`,
      comment_reply: (v) => `${v.user} a répondu à votre commentaire sur ${v.applicant}`,
      comment_reply_offer: (v) => `${v.user} a répondu à votre commentaire sur l'offre ${v.offer}`,
      documents_received: (v) =>
        v.count > 1
          ? `${v.applicant} a envoyé ${v.count} documents demandés`
          : `${v.applicant} a envoyé le document demandé`,
      application_received: (v) => `Nouvelle candidature de ${v.applicant} sur ${v.offer}`,
      application_received_many: (v) => `${v.count} nouvelles candidatures sur ${v.offer}`,
      favorite_offer_status_changed: (v) =>
        `La candidature de ${v.applicant} sur ${v.offer} est passée à « ${v.status} »`,
      favorite_offer_status_changed_many: (v) =>
        `${v.count} candidatures sur ${v.offer} sont passées à « ${v.status} »`,
      applicants_shared: (v) => `${v.user} vous a transmis ${v.applicant}`,
      applicants_shared_many: (v) => `${v.user} vous a transmis ${v.count} candidats`,
      sms_received: (v) => `${v.applicant} a répondu à votre SMS`,
      onboarding_task_overdue: (v) =>
        `Tâche d'onboarding en retard pour ${v.applicant} : ${v.task}`,
      cv_bundle_ready: (v) => `Votre ZIP de ${v.count} CV est prêt`,
      cv_bundle_ready_none: "Votre ZIP est prêt : aucune des candidatures n'avait de CV",
      cv_bundle_failed: (v) => `Votre ZIP de ${v.count} CV n'a pas pu être préparé`,
      unknown: 'Nouvelle notification',
    },
    greeting: (n) => `Bonjour ${n},`,
    open: 'Ouvrir dans Embauche :',
    digestSubject: (n) =>
      n > 1 ? `Embauche : ${n} nouvelles notifications` : 'Embauche : 1 nouvelle notification',
    digestIntro: (n) =>
      n > 1
        ? `Voici vos ${n} notifications depuis le dernier résumé :`
        : 'Voici votre notification depuis le dernier résumé :',
    more: (n) => `… et ${n} autres, dans Embauche.`,
    why: 'Vous recevez cet e-mail selon vos préférences de notification, à changer dans vos paramètres :',
  },
  en: {
    someone: 'Someone',
    anApplicant: 'an applicant',
    statuses: {
      new: 'New',
      preselected: 'Shortlisted',
      phone_interview: 'Phone interview',
      interview: 'Interview',
      offer_sent: 'Offer sent',
      recruited: 'Hired',
      refused: 'Rejected',
      withdrawn: 'Withdrawn',
    },
    messages: {
      comment_mention: (v) => `${v.user} mentioned you in a comment on ${v.applicant}`,
      comment_mention_offer: (v) => `${v.user} mentioned you in a comment on the offer ${v.offer}`,
      comment_reply: (v) => `${v.user} replied to your comment on ${v.applicant}`,
      comment_reply_offer: (v) => `${v.user} replied to your comment on the offer ${v.offer}`,
      documents_received: (v) =>
        v.count > 1
          ? `${v.applicant} sent ${v.count} documents you asked for`
          : `${v.applicant} sent the document you asked for`,
      application_received: (v) => `New application from ${v.applicant} for ${v.offer}`,
      application_received_many: (v) => `${v.count} new applications for ${v.offer}`,
      favorite_offer_status_changed: (v) =>
        `${v.applicant}'s application for ${v.offer} moved to “${v.status}”`,
      favorite_offer_status_changed_many: (v) =>
        `${v.count} applications for ${v.offer} moved to “${v.status}”`,
      applicants_shared: (v) => `${v.user} shared ${v.applicant} with you`,
      applicants_shared_many: (v) => `${v.user} shared ${v.count} applicants with you`,
      sms_received: (v) => `${v.applicant} replied to your text message`,
      onboarding_task_overdue: (v) => `Overdue onboarding task for ${v.applicant}: ${v.task}`,
      cv_bundle_ready: (v) =>
        v.count === 1 ? 'Your ZIP of 1 CV is ready' : `Your ZIP of ${v.count} CVs is ready`,
      cv_bundle_ready_none: 'Your ZIP is ready: none of the applications had a CV',
      cv_bundle_failed: (v) =>
        v.count === 1
          ? 'Your ZIP of 1 CV could not be prepared'
          : `Your ZIP of ${v.count} CVs could not be prepared`,
      unknown: 'New notification',
    },
    greeting: (n) => `Hello ${n},`,
    open: 'Open in Embauche:',
    digestSubject: (n) =>
      n > 1 ? `Embauche: ${n} new notifications` : 'Embauche: 1 new notification',
    digestIntro: (n) =>
      n > 1
        ? `Here are your ${n} notifications since the last digest:`
        : 'Here is your notification since the last digest:',
    more: (n) => `… and ${n} more, in Embauche.`,
    why: 'You receive this e-mail because of your notification preferences, which you can change in your settings:',
  },
  es: {
    someone: 'Alguien',
    anApplicant: 'un candidato',
    statuses: {
      new: 'Nuevo',
      preselected: 'Preseleccionado',
      phone_interview: 'Entrevista telefónica',
      interview: 'Entrevista',
      offer_sent: 'Oferta enviada',
      recruited: 'Contratado',
      refused: 'Rechazado',
      withdrawn: 'Retirado',
    },
    messages: {
      comment_mention: (v) => `${v.user} te ha mencionado en un comentario sobre ${v.applicant}`,
      comment_mention_offer: (v) =>
        `${v.user} te ha mencionado en un comentario sobre la oferta ${v.offer}`,
      comment_reply: (v) => `${v.user} ha respondido a tu comentario sobre ${v.applicant}`,
      comment_reply_offer: (v) =>
        `${v.user} ha respondido a tu comentario sobre la oferta ${v.offer}`,
      documents_received: (v) =>
        v.count > 1
          ? `${v.applicant} ha enviado ${v.count} documentos solicitados`
          : `${v.applicant} ha enviado el documento solicitado`,
      application_received: (v) => `Nueva candidatura de ${v.applicant} para ${v.offer}`,
      application_received_many: (v) => `${v.count} nuevas candidaturas para ${v.offer}`,
      favorite_offer_status_changed: (v) =>
        `La candidatura de ${v.applicant} para ${v.offer} ha pasado a «${v.status}»`,
      favorite_offer_status_changed_many: (v) =>
        `${v.count} candidaturas para ${v.offer} han pasado a «${v.status}»`,
      applicants_shared: (v) => `${v.user} te ha transferido a ${v.applicant}`,
      applicants_shared_many: (v) => `${v.user} te ha transferido ${v.count} candidatos`,
      sms_received: (v) => `${v.applicant} ha respondido a su SMS`,
      onboarding_task_overdue: (v) => `Tarea de onboarding atrasada para ${v.applicant}: ${v.task}`,
      cv_bundle_ready: (v) => `Tu ZIP de ${v.count} CV está listo`,
      cv_bundle_ready_none: 'Tu ZIP está listo: ninguna de las candidaturas tenía CV',
      cv_bundle_failed: (v) => `No se ha podido preparar tu ZIP de ${v.count} CV`,
      unknown: 'Nueva notificación',
    },
    greeting: (n) => `Hola ${n}:`,
    open: 'Abrir en Embauche:',
    digestSubject: (n) =>
      n > 1 ? `Embauche: ${n} notificaciones nuevas` : 'Embauche: 1 notificación nueva',
    digestIntro: (n) =>
      n > 1
        ? `Estas son sus ${n} notificaciones desde el último resumen:`
        : 'Esta es su notificación desde el último resumen:',
    more: (n) => `… y ${n} más, en Embauche.`,
    why: 'Recibe este correo según sus preferencias de notificación, que puede cambiar en sus ajustes:',
  },
  de: {
    someone: 'Jemand',
    anApplicant: 'eine Bewerberin oder ein Bewerber',
    statuses: {
      new: 'Neu',
      preselected: 'Vorausgewählt',
      phone_interview: 'Telefoninterview',
      interview: 'Vorstellungsgespräch',
      offer_sent: 'Vertragsangebot gesendet',
      recruited: 'Eingestellt',
      refused: 'Abgelehnt',
      withdrawn: 'Zurückgezogen',
    },
    messages: {
      comment_mention: (v) => `${v.user} hat Sie in einem Kommentar zu ${v.applicant} erwähnt`,
      comment_mention_offer: (v) =>
        `${v.user} hat Sie in einem Kommentar zur Stelle ${v.offer} erwähnt`,
      comment_reply: (v) => `${v.user} hat auf Ihren Kommentar zu ${v.applicant} geantwortet`,
      comment_reply_offer: (v) =>
        `${v.user} hat auf Ihren Kommentar zur Stelle ${v.offer} geantwortet`,
      documents_received: (v) =>
        v.count > 1
          ? `${v.applicant} hat ${v.count} angeforderte Dokumente gesendet`
          : `${v.applicant} hat das angeforderte Dokument gesendet`,
      application_received: (v) => `Neue Bewerbung von ${v.applicant} auf ${v.offer}`,
      application_received_many: (v) => `${v.count} neue Bewerbungen auf ${v.offer}`,
      favorite_offer_status_changed: (v) =>
        `Die Bewerbung von ${v.applicant} auf ${v.offer} ist jetzt „${v.status}“`,
      favorite_offer_status_changed_many: (v) =>
        `${v.count} Bewerbungen auf ${v.offer} sind jetzt „${v.status}“`,
      applicants_shared: (v) => `${v.user} hat Ihnen ${v.applicant} weitergeleitet`,
      applicants_shared_many: (v) => `${v.user} hat Ihnen ${v.count} Bewerber weitergeleitet`,
      sms_received: (v) => `${v.applicant} hat auf Ihre SMS geantwortet`,
      onboarding_task_overdue: (v) =>
        `Überfällige Onboarding-Aufgabe für ${v.applicant}: ${v.task}`,
      cv_bundle_ready: (v) =>
        v.count === 1
          ? 'Ihr ZIP mit 1 Lebenslauf ist fertig'
          : `Ihr ZIP mit ${v.count} Lebensläufen ist fertig`,
      cv_bundle_ready_none: 'Ihr ZIP ist fertig: Keine der Bewerbungen hatte einen Lebenslauf',
      cv_bundle_failed: (v) =>
        v.count === 1
          ? 'Ihr ZIP mit 1 Lebenslauf konnte nicht vorbereitet werden'
          : `Ihr ZIP mit ${v.count} Lebensläufen konnte nicht vorbereitet werden`,
      unknown: 'Neue Benachrichtigung',
    },
    greeting: (n) => `Hallo ${n},`,
    open: 'In Embauche öffnen:',
    digestSubject: (n) =>
      n > 1 ? `Embauche: ${n} neue Benachrichtigungen` : 'Embauche: 1 neue Benachrichtigung',
    digestIntro: (n) =>
      n > 1
        ? `Hier sind Ihre ${n} Benachrichtigungen seit der letzten Zusammenfassung:`
        : 'Hier ist Ihre Benachrichtigung seit der letzten Zusammenfassung:',
    more: (n) => `… und ${n} weitere, in Embauche.`,
    why: 'Sie erhalten diese E-Mail gemäß Ihren Benachrichtigungseinstellungen, die Sie in Ihren Einstellungen ändern können:',
  },
};

/** Lines a digest lists at most; the others are counted. */
export const DIGEST_LINES_MAX = 50;

/** The sentence of a notification in `language`, as the bell writes it. */
export function notificationSentence(language: Language, data: TNotificationData): string {
  const t = TEXTS[language];
  const values: Values = {
    user: data.user_name || t.someone,
    applicant: data.applicant_name || t.anApplicant,
    offer: data.offer_name ?? '',
    count: data.count ?? data.shared_count ?? 1,
    status: data.status_name ? (t.statuses[data.status_name] ?? data.status_name) : '',
    task: data.feature_name ?? '',
  };
  const m = t.messages;
  switch (data.slug) {
    case 'comment_mention':
    case 'comment_reply':
      return !data.applicant_name && data.offer_name
        ? m[`${data.slug}_offer`](values)
        : m[data.slug](values);
    case 'applicants_shared':
      return (data.shared_count ?? 1) > 1 ? m.applicants_shared_many(values) : m[data.slug](values);
    case 'application_received':
      return (data.count ?? 1) > 1 && !data.applicant_name
        ? m.application_received_many(values)
        : m[data.slug](values);
    case 'favorite_offer_status_changed':
      return (data.count ?? 1) > 1 && !data.applicant_name
        ? m.favorite_offer_status_changed_many(values)
        : m[data.slug](values);
    case 'documents_received':
    case 'sms_received':
    case 'onboarding_task_overdue':
      return m[data.slug](values);
    case 'cv_bundle':
      if (data.bundle_status === 'failed') return m.cv_bundle_failed(values);
      return data.count === 0 ? m.cv_bundle_ready_none : m.cv_bundle_ready(values);
    default:
      return m.unknown;
  }
}

/** Where a notification's link goes: its route in the web app, else the app's home. */
function linkOf(publicUrl: string, data: TNotificationData): string {
  const route = data.route;
  return `${publicUrl}${route && route.startsWith('/') && !route.startsWith('//') ? route : '/'}`;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** The e-mail of one notification (digest `immediate`). */
export function notificationMail(input: {
  language: Language;
  firstname: string;
  data: TNotificationData;
  publicUrl: string;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[input.language];
  const sentence = oneLine(notificationSentence(input.language, input.data));
  const link = linkOf(input.publicUrl, input.data);
  const settings = `${input.publicUrl}/user-settings`;
  const e = escapeHtml;
  return {
    subject: sentence.slice(0, 250),
    text: [
      t.greeting(input.firstname),
      sentence,
      `${t.open}\n${link}`,
      `${t.why}\n${settings}`,
    ].join('\n\n'),
    html: [
      `<p>${e(t.greeting(input.firstname))}</p>`,
      `<p><strong>${e(sentence)}</strong></p>`,
      `<p>${e(t.open)} <a href="${e(link)}">${e(link)}</a></p>`,
      `<p style="color:#64748b;font-size:12px">${e(t.why)} <a href="${e(settings)}">${e(settings)}</a></p>`,
    ].join('\n'),
  };
}

/** The daily digest: every notification that arrived since the last one, oldest first. */
export function digestMail(input: {
  language: Language;
  firstname: string;
  items: TNotificationData[];
  publicUrl: string;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[input.language];
  const count = input.items.length;
  const shown = input.items.slice(0, DIGEST_LINES_MAX).map((data) => ({
    sentence: oneLine(notificationSentence(input.language, data)),
    link: linkOf(input.publicUrl, data),
  }));
  const rest = count - shown.length;
  const settings = `${input.publicUrl}/user-settings`;
  const e = escapeHtml;
  return {
    subject: t.digestSubject(count),
    text: [
      t.greeting(input.firstname),
      t.digestIntro(count),
      shown.map((s) => `- ${s.sentence}\n  ${s.link}`).join('\n'),
      ...(rest > 0 ? [t.more(rest)] : []),
      `${t.why}\n${settings}`,
    ].join('\n\n'),
    html: [
      `<p>${e(t.greeting(input.firstname))}</p>`,
      `<p>${e(t.digestIntro(count))}</p>`,
      `<ul>${shown.map((s) => `<li><a href="${e(s.link)}">${e(s.sentence)}</a></li>`).join('')}</ul>`,
      ...(rest > 0 ? [`<p>${e(t.more(rest))}</p>`] : []),
      `<p style="color:#64748b;font-size:12px">${e(t.why)} <a href="${e(settings)}">${e(settings)}</a></p>`,
    ].join('\n'),
  };
}
