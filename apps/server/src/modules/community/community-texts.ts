import type { Language } from '@embauche/contracts/constants';

/** The community's public pages and e-mails, in the four languages (the server has no i18next). */
export type CommunityTexts = {
  title: (company: string) => string;
  intro: string;
  required: string;
  optional: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  interests: string;
  cv: string;
  cv_hint: (mb: number) => string;
  cv_again: string;
  consent: (company: string, months: number) => string;
  notice_link: (version: number) => string;
  submit: string;
  errors_title: string;
  error: Record<string, (n: number) => string>;
  too_many: string;
  notice_changed: string;
  done_title: string;
  done_text: string;
  all_offers: string;
  member_title: string;
  member_text: (company: string) => string;
  leave: string;
  leave_hint: string;
  erase: string;
  erase_hint: string;
  left: string;
  erased: string;
  already_left: string;
  welcome_subject: (company: string) => string;
  welcome_text: (firstname: string, company: string) => string;
  invite_subject: (company: string, offer: string) => string;
  invite_text: (firstname: string, company: string, offer: string, url: string) => string;
  footer: (url: string) => string;
};

export const COMMUNITY_TEXTS: Record<Language, CommunityTexts> = {
  fr: {
    title: (c) => `Rejoindre la communauté talents de ${c}`,
    intro:
      'Pas encore prêt à postuler\u00a0? Laissez-nous vos coordonnées\u00a0: nous vous écrirons quand une offre vous correspond.',
    required: 'Les champs marqués * sont obligatoires.',
    optional: 'facultatif',
    firstname: 'Prénom',
    lastname: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
    interests: 'Vos centres d’intérêt',
    cv: 'CV',
    cv_hint: (mb) => `PDF, Word, OpenDocument, RTF, texte ou image\u00a0; ${mb} Mo au plus.`,
    cv_again: 'Pour joindre votre CV, choisissez de nouveau le fichier.',
    consent: (c, m) =>
      `J’accepte que ${c} conserve mes données pendant ${m} mois pour me proposer des offres, selon sa notice de confidentialité.`,
    notice_link: (v) => `Lire la notice de confidentialité (version ${v})`,
    submit: 'Rejoindre la communauté',
    errors_title: 'Le formulaire contient des erreurs\u00a0:',
    error: {
      field_required: () => 'Ce champ est obligatoire.',
      invalid_email: () => 'Saisissez une adresse e-mail valide.',
      max_length: (n) => `${n} caractères au plus.`,
      invalid: () => 'Cette valeur n’est pas valide.',
      file_type: () => 'Ce type de fichier n’est pas accepté.',
      file_too_large: (n) => `Le fichier dépasse ${n} Mo.`,
    },
    too_many: 'Trop de tentatives depuis votre adresse. Réessayez dans quelques minutes.',
    notice_changed:
      'La notice de confidentialité vient de changer\u00a0: lisez la nouvelle version puis validez de nouveau.',
    done_title: 'Merci\u00a0!',
    done_text:
      'Votre inscription est enregistrée (si vous étiez déjà membre, vos informations sont mises à jour). Un e-mail de confirmation vous a été envoyé.',
    all_offers: 'Voir les offres',
    member_title: 'Votre inscription à la communauté',
    member_text: (c) => `Vous êtes membre de la communauté talents de ${c}.`,
    leave: 'Ne plus recevoir de messages',
    leave_hint: 'Vous restez dans la communauté, mais nous ne vous écrirons plus.',
    erase: 'Effacer mes données',
    erase_hint: 'Votre inscription et votre CV sont supprimés définitivement.',
    left: 'C’est noté\u00a0: vous ne recevrez plus de messages de notre part.',
    erased: 'Vos données ont été effacées.',
    already_left: 'Vous ne recevez plus de messages de notre part.',
    welcome_subject: (c) => `Bienvenue dans la communauté talents de ${c}`,
    welcome_text: (f, c) =>
      `Bonjour ${f},\n\nMerci d’avoir rejoint la communauté talents de ${c}. Nous vous écrirons quand une offre correspond à vos centres d’intérêt.`,
    invite_subject: (c, o) => `${c} vous invite à postuler\u00a0: ${o}`,
    invite_text: (f, c, o, u) =>
      `Bonjour ${f},\n\n${c} pense que cette offre pourrait vous intéresser\u00a0: ${o}.\n\nPour la lire et postuler\u00a0: ${u}`,
    footer: (u) =>
      `Vous recevez ce message car vous êtes membre de notre communauté talents. Pour ne plus recevoir de messages ou effacer vos données\u00a0: ${u}`,
  },
  en: {
    title: (c) => `Join ${c}'s talent community`,
    intro:
      'Not ready to apply yet? Leave us your details: we will write to you when a job matches your interests.',
    required: 'Fields marked * are required.',
    optional: 'optional',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'E-mail address',
    phone: 'Phone',
    interests: 'Your interests',
    cv: 'CV',
    cv_hint: (mb) => `PDF, Word, OpenDocument, RTF, text or image; ${mb} MB at most.`,
    cv_again: 'To attach your CV, choose the file again.',
    consent: (c, m) =>
      `I agree that ${c} keeps my details for ${m} months to offer me jobs, as its privacy notice describes.`,
    notice_link: (v) => `Read the privacy notice (version ${v})`,
    submit: 'Join the community',
    errors_title: 'The form has errors:',
    error: {
      field_required: () => 'This field is required.',
      invalid_email: () => 'Enter a valid e-mail address.',
      max_length: (n) => `${n} characters at most.`,
      invalid: () => 'This value is not valid.',
      file_type: () => 'This kind of file is not accepted.',
      file_too_large: (n) => `The file is larger than ${n} MB.`,
    },
    too_many: 'Too many attempts from your address. Try again in a few minutes.',
    notice_changed: 'The privacy notice has just changed: read the new version, then submit again.',
    done_title: 'Thank you!',
    done_text:
      'Your registration is saved (if you were already a member, your details are updated). We have sent you a confirmation e-mail.',
    all_offers: 'See the jobs',
    member_title: 'Your community membership',
    member_text: (c) => `You are a member of ${c}'s talent community.`,
    leave: 'Stop receiving messages',
    leave_hint: 'You stay in the community, but we will not write to you any more.',
    erase: 'Erase my data',
    erase_hint: 'Your registration and your CV are deleted for good.',
    left: 'Done: you will not receive messages from us any more.',
    erased: 'Your data has been erased.',
    already_left: 'You no longer receive messages from us.',
    welcome_subject: (c) => `Welcome to ${c}'s talent community`,
    welcome_text: (f, c) =>
      `Hello ${f},\n\nThank you for joining ${c}'s talent community. We will write to you when a job matches your interests.`,
    invite_subject: (c, o) => `${c} invites you to apply: ${o}`,
    invite_text: (f, c, o, u) =>
      `Hello ${f},\n\n${c} thinks this job could interest you: ${o}.\n\nRead it and apply: ${u}`,
    footer: (u) =>
      `You receive this message as a member of our talent community. To stop receiving messages or erase your data: ${u}`,
  },
  es: {
    title: (c) => `Únase a la comunidad de talento de ${c}`,
    intro:
      '¿Todavía no quiere postularse? Déjenos sus datos: le escribiremos cuando una oferta encaje con sus intereses.',
    required: 'Los campos marcados con * son obligatorios.',
    optional: 'opcional',
    firstname: 'Nombre',
    lastname: 'Apellidos',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    interests: 'Sus intereses',
    cv: 'CV',
    cv_hint: (mb) => `PDF, Word, OpenDocument, RTF, texto o imagen; ${mb} MB como máximo.`,
    cv_again: 'Para adjuntar su CV, vuelva a elegir el archivo.',
    consent: (c, m) =>
      `Acepto que ${c} conserve mis datos durante ${m} meses para proponerme ofertas, según su aviso de privacidad.`,
    notice_link: (v) => `Leer el aviso de privacidad (versión ${v})`,
    submit: 'Unirme a la comunidad',
    errors_title: 'El formulario contiene errores:',
    error: {
      field_required: () => 'Este campo es obligatorio.',
      invalid_email: () => 'Introduzca un correo electrónico válido.',
      max_length: (n) => `${n} caracteres como máximo.`,
      invalid: () => 'Este valor no es válido.',
      file_type: () => 'Este tipo de archivo no se acepta.',
      file_too_large: (n) => `El archivo supera ${n} MB.`,
    },
    too_many: 'Demasiados intentos desde su dirección. Inténtelo de nuevo en unos minutos.',
    notice_changed:
      'El aviso de privacidad acaba de cambiar: lea la nueva versión y vuelva a enviar.',
    done_title: '¡Gracias!',
    done_text:
      'Su inscripción está registrada (si ya era miembro, sus datos se han actualizado). Le hemos enviado un correo de confirmación.',
    all_offers: 'Ver las ofertas',
    member_title: 'Su inscripción en la comunidad',
    member_text: (c) => `Es miembro de la comunidad de talento de ${c}.`,
    leave: 'Dejar de recibir mensajes',
    leave_hint: 'Sigue en la comunidad, pero no le escribiremos más.',
    erase: 'Borrar mis datos',
    erase_hint: 'Su inscripción y su CV se eliminan definitivamente.',
    left: 'Hecho: ya no recibirá mensajes nuestros.',
    erased: 'Sus datos han sido borrados.',
    already_left: 'Ya no recibe mensajes nuestros.',
    welcome_subject: (c) => `Bienvenido a la comunidad de talento de ${c}`,
    welcome_text: (f, c) =>
      `Hola ${f}:\n\nGracias por unirse a la comunidad de talento de ${c}. Le escribiremos cuando una oferta encaje con sus intereses.`,
    invite_subject: (c, o) => `${c} le invita a postularse: ${o}`,
    invite_text: (f, c, o, u) =>
      `Hola ${f}:\n\n${c} cree que esta oferta podría interesarle: ${o}.\n\nLéala y postúlese: ${u}`,
    footer: (u) =>
      `Recibe este mensaje como miembro de nuestra comunidad de talento. Para dejar de recibir mensajes o borrar sus datos: ${u}`,
  },
  de: {
    title: (c) => `Treten Sie der Talent-Community von ${c} bei`,
    intro:
      'Noch nicht bereit für eine Bewerbung? Hinterlassen Sie Ihre Angaben: Wir schreiben Ihnen, wenn eine Stelle zu Ihren Interessen passt.',
    required: 'Mit * markierte Felder sind Pflichtfelder.',
    optional: 'optional',
    firstname: 'Vorname',
    lastname: 'Nachname',
    email: 'E-Mail-Adresse',
    phone: 'Telefon',
    interests: 'Ihre Interessen',
    cv: 'Lebenslauf',
    cv_hint: (mb) => `PDF, Word, OpenDocument, RTF, Text oder Bild; höchstens ${mb} MB.`,
    cv_again: 'Um Ihren Lebenslauf anzuhängen, wählen Sie die Datei erneut.',
    consent: (c, m) =>
      `Ich bin einverstanden, dass ${c} meine Daten ${m} Monate lang speichert, um mir Stellen anzubieten, wie in der Datenschutzerklärung beschrieben.`,
    notice_link: (v) => `Datenschutzerklärung lesen (Version ${v})`,
    submit: 'Der Community beitreten',
    errors_title: 'Das Formular enthält Fehler:',
    error: {
      field_required: () => 'Dieses Feld ist erforderlich.',
      invalid_email: () => 'Geben Sie eine gültige E-Mail-Adresse ein.',
      max_length: (n) => `Höchstens ${n} Zeichen.`,
      invalid: () => 'Dieser Wert ist ungültig.',
      file_type: () => 'Diese Dateiart wird nicht angenommen.',
      file_too_large: (n) => `Die Datei ist größer als ${n} MB.`,
    },
    too_many: 'Zu viele Versuche von Ihrer Adresse. Versuchen Sie es in einigen Minuten erneut.',
    notice_changed:
      'Die Datenschutzerklärung wurde soeben geändert: Lesen Sie die neue Version und senden Sie erneut.',
    done_title: 'Vielen Dank!',
    done_text:
      'Ihre Anmeldung ist gespeichert (waren Sie schon Mitglied, wurden Ihre Angaben aktualisiert). Wir haben Ihnen eine Bestätigung per E-Mail geschickt.',
    all_offers: 'Stellen ansehen',
    member_title: 'Ihre Mitgliedschaft in der Community',
    member_text: (c) => `Sie sind Mitglied der Talent-Community von ${c}.`,
    leave: 'Keine Nachrichten mehr erhalten',
    leave_hint: 'Sie bleiben in der Community, aber wir schreiben Ihnen nicht mehr.',
    erase: 'Meine Daten löschen',
    erase_hint: 'Ihre Anmeldung und Ihr Lebenslauf werden endgültig gelöscht.',
    left: 'Erledigt: Sie erhalten keine Nachrichten mehr von uns.',
    erased: 'Ihre Daten wurden gelöscht.',
    already_left: 'Sie erhalten keine Nachrichten mehr von uns.',
    welcome_subject: (c) => `Willkommen in der Talent-Community von ${c}`,
    welcome_text: (f, c) =>
      `Hallo ${f},\n\ndanke, dass Sie der Talent-Community von ${c} beigetreten sind. Wir schreiben Ihnen, wenn eine Stelle zu Ihren Interessen passt.`,
    invite_subject: (c, o) => `${c} lädt Sie zur Bewerbung ein: ${o}`,
    invite_text: (f, c, o, u) =>
      `Hallo ${f},\n\n${c} glaubt, dass diese Stelle Sie interessieren könnte: ${o}.\n\nLesen und bewerben: ${u}`,
    footer: (u) =>
      `Sie erhalten diese Nachricht als Mitglied unserer Talent-Community. Um keine Nachrichten mehr zu erhalten oder Ihre Daten zu löschen: ${u}`,
  },
};
