import type { Language } from '@embauche/contracts/constants';

/** The planner's e-mails, as the product writes them when the company has no model of the kind. */
export type PlannerMailKind =
  | 'booking_link'
  | 'interview_invitation'
  | 'interview_change'
  | 'interview_cancellation'
  | 'interview_reminder';

type Texts = { subject: string; body: string };

/**
 * Built-in texts per language. `{name}` the candidate's first name, `{company}`, `{template}`,
 * `{date}` and `{time}` on the template's clock, `{place}`, `{link}` the booking page, `{expires}`.
 */
export const PLANNER_MAIL_TEXTS: Record<Language, Record<PlannerMailKind, Texts>> = {
  fr: {
    booking_link: {
      subject: '{company} : choisissez votre créneau',
      body: 'Bonjour {name},\n\n{company} vous propose un rendez-vous « {template} ». Choisissez le créneau qui vous convient :\n{link}\n\nCe lien est valable jusqu’au {expires}.',
    },
    interview_invitation: {
      subject: '{company} : rendez-vous le {date} à {time}',
      body: 'Bonjour {name},\n\nVotre rendez-vous « {template} » avec {company} est confirmé le {date} à {time}.\nLieu : {place}\n\nPour le déplacer ou l’annuler : {link}\n\nL’invitation est jointe (fichier .ics) pour votre agenda.',
    },
    interview_change: {
      subject: '{company} : rendez-vous déplacé au {date} à {time}',
      body: 'Bonjour {name},\n\nVotre rendez-vous « {template} » avec {company} a lieu désormais le {date} à {time}.\nLieu : {place}\n\nPour le déplacer ou l’annuler : {link}',
    },
    interview_cancellation: {
      subject: '{company} : rendez-vous annulé',
      body: 'Bonjour {name},\n\nVotre rendez-vous « {template} » du {date} à {time} avec {company} est annulé.',
    },
    interview_reminder: {
      subject: 'Rappel : rendez-vous avec {company} demain à {time}',
      body: 'Bonjour {name},\n\nNous vous rappelons votre rendez-vous « {template} » avec {company} le {date} à {time}.\nLieu : {place}',
    },
  },
  en: {
    booking_link: {
      subject: '{company}: choose your time slot',
      body: 'Hello {name},\n\n{company} invites you to a “{template}” appointment. Choose the time that suits you:\n{link}\n\nThis link is valid until {expires}.',
    },
    interview_invitation: {
      subject: '{company}: appointment on {date} at {time}',
      body: 'Hello {name},\n\nYour “{template}” appointment with {company} is confirmed on {date} at {time}.\nPlace: {place}\n\nTo move or cancel it: {link}\n\nThe invitation is attached (.ics file) for your calendar.',
    },
    interview_change: {
      subject: '{company}: appointment moved to {date} at {time}',
      body: 'Hello {name},\n\nYour “{template}” appointment with {company} now takes place on {date} at {time}.\nPlace: {place}\n\nTo move or cancel it: {link}',
    },
    interview_cancellation: {
      subject: '{company}: appointment cancelled',
      body: 'Hello {name},\n\nYour “{template}” appointment of {date} at {time} with {company} is cancelled.',
    },
    interview_reminder: {
      subject: 'Reminder: appointment with {company} tomorrow at {time}',
      body: 'Hello {name},\n\nA reminder of your “{template}” appointment with {company} on {date} at {time}.\nPlace: {place}',
    },
  },
  es: {
    booking_link: {
      subject: '{company}: elija su horario',
      body: 'Hola {name}:\n\n{company} le propone una cita «{template}». Elija el horario que le convenga:\n{link}\n\nEste enlace es válido hasta el {expires}.',
    },
    interview_invitation: {
      subject: '{company}: cita el {date} a las {time}',
      body: 'Hola {name}:\n\nSu cita «{template}» con {company} queda confirmada el {date} a las {time}.\nLugar: {place}\n\nPara cambiarla o anularla: {link}\n\nLa invitación va adjunta (archivo .ics) para su calendario.',
    },
    interview_change: {
      subject: '{company}: cita cambiada al {date} a las {time}',
      body: 'Hola {name}:\n\nSu cita «{template}» con {company} tendrá lugar el {date} a las {time}.\nLugar: {place}\n\nPara cambiarla o anularla: {link}',
    },
    interview_cancellation: {
      subject: '{company}: cita anulada',
      body: 'Hola {name}:\n\nSu cita «{template}» del {date} a las {time} con {company} ha sido anulada.',
    },
    interview_reminder: {
      subject: 'Recordatorio: cita con {company} mañana a las {time}',
      body: 'Hola {name}:\n\nLe recordamos su cita «{template}» con {company} el {date} a las {time}.\nLugar: {place}',
    },
  },
  de: {
    booking_link: {
      subject: '{company}: Wählen Sie Ihren Termin',
      body: 'Hallo {name},\n\n{company} lädt Sie zu einem Termin „{template}“ ein. Wählen Sie die passende Uhrzeit:\n{link}\n\nDieser Link ist bis {expires} gültig.',
    },
    interview_invitation: {
      subject: '{company}: Termin am {date} um {time}',
      body: 'Hallo {name},\n\nIhr Termin „{template}“ mit {company} ist am {date} um {time} bestätigt.\nOrt: {place}\n\nZum Verschieben oder Absagen: {link}\n\nDie Einladung ist als .ics-Datei für Ihren Kalender angehängt.',
    },
    interview_change: {
      subject: '{company}: Termin verschoben auf {date} um {time}',
      body: 'Hallo {name},\n\nIhr Termin „{template}“ mit {company} findet jetzt am {date} um {time} statt.\nOrt: {place}\n\nZum Verschieben oder Absagen: {link}',
    },
    interview_cancellation: {
      subject: '{company}: Termin abgesagt',
      body: 'Hallo {name},\n\nIhr Termin „{template}“ am {date} um {time} mit {company} ist abgesagt.',
    },
    interview_reminder: {
      subject: 'Erinnerung: Termin mit {company} morgen um {time}',
      body: 'Hallo {name},\n\nWir erinnern Sie an Ihren Termin „{template}“ mit {company} am {date} um {time}.\nOrt: {place}',
    },
  },
};

/** `{key}` replaced by its value (texts only: the HTML part escapes them). */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
}

/** What an interviewer is told when a candidate books, moves or cancels (their own language). */
export const INTERVIEWER_MAIL_TEXTS: Record<
  Language,
  Record<'booked' | 'moved' | 'cancelled', Texts>
> = {
  fr: {
    booked: {
      subject: '{candidate} a réservé « {template} » le {date} à {time}',
      body: '{candidate} a réservé le rendez-vous « {template} » le {date} à {time}. L’invitation est jointe.',
    },
    moved: {
      subject: '{candidate} a déplacé « {template} » au {date} à {time}',
      body: '{candidate} a déplacé le rendez-vous « {template} » au {date} à {time}.',
    },
    cancelled: {
      subject: '{candidate} a annulé « {template} » du {date}',
      body: '{candidate} a annulé le rendez-vous « {template} » du {date} à {time}.',
    },
  },
  en: {
    booked: {
      subject: '{candidate} booked “{template}” on {date} at {time}',
      body: '{candidate} booked the “{template}” appointment on {date} at {time}. The invitation is attached.',
    },
    moved: {
      subject: '{candidate} moved “{template}” to {date} at {time}',
      body: '{candidate} moved the “{template}” appointment to {date} at {time}.',
    },
    cancelled: {
      subject: '{candidate} cancelled “{template}” of {date}',
      body: '{candidate} cancelled the “{template}” appointment of {date} at {time}.',
    },
  },
  es: {
    booked: {
      subject: '{candidate} reservó «{template}» el {date} a las {time}',
      body: '{candidate} reservó la cita «{template}» el {date} a las {time}. La invitación va adjunta.',
    },
    moved: {
      subject: '{candidate} cambió «{template}» al {date} a las {time}',
      body: '{candidate} cambió la cita «{template}» al {date} a las {time}.',
    },
    cancelled: {
      subject: '{candidate} anuló «{template}» del {date}',
      body: '{candidate} anuló la cita «{template}» del {date} a las {time}.',
    },
  },
  de: {
    booked: {
      subject: '{candidate} hat „{template}“ am {date} um {time} gebucht',
      body: '{candidate} hat den Termin „{template}“ am {date} um {time} gebucht. Die Einladung ist angehängt.',
    },
    moved: {
      subject: '{candidate} hat „{template}“ auf {date} um {time} verschoben',
      body: '{candidate} hat den Termin „{template}“ auf {date} um {time} verschoben.',
    },
    cancelled: {
      subject: '{candidate} hat „{template}“ am {date} abgesagt',
      body: '{candidate} hat den Termin „{template}“ am {date} um {time} abgesagt.',
    },
  },
};

/** The SMS that carries a booking link. */
export const BOOKING_SMS_TEXTS: Record<Language, string> = {
  fr: '{company} : choisissez le créneau de votre rendez-vous « {template} » : {link}',
  en: '{company}: choose the time of your “{template}” appointment: {link}',
  es: '{company}: elija el horario de su cita «{template}»: {link}',
  de: '{company}: Wählen Sie die Uhrzeit Ihres Termins „{template}“: {link}',
};
