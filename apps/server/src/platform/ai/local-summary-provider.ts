import type { SummaryInput, SummaryProvider, SummaryResult } from './summary-provider.ts';

/** Starts every local summary, in every language: the web shows it as "written offline, no AI". */
export const LOCAL_SUMMARY_MARKER = '[local]';

const LABELS: Record<string, Record<string, string>> = {
  fr: {
    colon: ' : ',
    tags: 'Étiquettes',
    intro: 'Résumé automatique hors ligne (sans IA)',
    experience: 'Expérience',
    skills: 'Mots-clés du CV',
    education: 'Formation',
    applications: 'Candidatures',
    nocv: 'Aucun texte de CV disponible.',
    motivation: 'Motivation',
    years: 'ans environ',
  },
  en: {
    colon: ': ',
    tags: 'Tags',
    intro: 'Automatic offline summary (no AI)',
    experience: 'Experience',
    skills: 'CV keywords',
    education: 'Education',
    applications: 'Applications',
    nocv: 'No CV text available.',
    motivation: 'Motivation',
    years: 'years approx.',
  },
  es: {
    colon: ': ',
    tags: 'Etiquetas',
    intro: 'Resumen automático sin conexión (sin IA)',
    experience: 'Experiencia',
    skills: 'Palabras clave del CV',
    education: 'Formación',
    applications: 'Candidaturas',
    nocv: 'No hay texto de CV disponible.',
    motivation: 'Motivación',
    years: 'años aprox.',
  },
  de: {
    colon: ': ',
    tags: 'Schlagwörter',
    intro: 'Automatische Offline-Zusammenfassung (ohne KI)',
    experience: 'Erfahrung',
    skills: 'Schlüsselwörter im Lebenslauf',
    education: 'Ausbildung',
    applications: 'Bewerbungen',
    nocv: 'Kein Lebenslauftext verfügbar.',
    motivation: 'Motivation',
    years: 'Jahre ca.',
  },
};

const STOP = new Set(
  'les des une dans pour avec sur par aux est son ses the and for with from this that vous nous leur plus tout tous être avoir fait été ans mois année années depuis chez entre sous aujourd hui présent present today actuel expérience experience professionnelle professional formation education éducation compétences competences skills langues languages centres intérêt profil'.split(
    ' ',
  ),
);
/** Month names and their short forms in the four languages: they come from dates, not skills. */
const MONTHS = new Set(
  'janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre décembre decembre janv févr fevr avr juil sept oct nov déc dec january february march april may june july august september october november december jan feb mar apr jun jul aug sep enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre ene abr ago dic januar februar märz maerz juni juli oktober dezember okt dez'.split(
    ' ',
  ),
);
/** The labels around contact details ("E-mail :", "Tél.", "LinkedIn :"). */
const CONTACT_LABELS = new Set(
  'email e-mail mail courriel tél tel téléphone telephone phone teléfono telefono telefon handy adresse address dirección direccion anschrift linkedin github http https www'.split(
    ' ',
  ),
);
/**
 * What a CV holds besides words, removed before counting: e-mail addresses, URLs, bare domains
 * (`exemple.fr`, `linkedin.com/in/x`), numeric dates (`12/03/2020`, `2020-03-12`, `03.2020`), and
 * any run of digits (phone numbers, years, amounts). A technology name with a dot (`Node.js`,
 * `ASP.NET`, `Socket.io`) stays: only
 * common top-level domains, in lower case, count as domains.
 */
const NOISE = [
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*/gu,
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/giu,
  /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|fr|de|es|eu|co|uk|be|ch|it|info|biz|me|dev|app|ai|gouv|edu|gov)\b(?:\/\S*)?/gu,
  /\b\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?\b/gu,
  /[+]?\d[\d\s.,:/()-]*/gu,
];
const HEADING =
  /^(formation|éducation|education|diplômes?|ausbildung|formación|expérience professionnelle|expériences?|experience|compétences|skills|langues|languages)\s*:?$/i;
const EDUCATION =
  /(master|licence|bts|dut|but|bac|cap|diplôme|diploma|degree|école|university|université|ingénieur|formation|certificat)/i;
const YEAR_RANGE =
  /((?:19|20)\d{2})\s*[-–à]+\s*((?:19|20)\d{2}|aujourd'hui|présent|present|today|actuel)/i;

/** The default pipeline's names (the web translates them through `config:status:statuses.{name}`). */
const DEFAULT_STATUSES: Record<string, Record<string, string>> = {
  fr: {
    new: 'Nouveau',
    preselected: 'Présélectionné',
    phone_interview: 'Entretien téléphonique',
    interview: 'Entretien',
    offer_sent: 'Proposition envoyée',
    recruited: 'Recruté',
    refused: 'Refusé',
    withdrawn: 'Désisté',
  },
  en: {
    new: 'New',
    preselected: 'Shortlisted',
    phone_interview: 'Phone interview',
    interview: 'Interview',
    offer_sent: 'Offer sent',
    recruited: 'Hired',
    refused: 'Rejected',
    withdrawn: 'Withdrawn',
  },
  es: {
    new: 'Nuevo',
    preselected: 'Preseleccionado',
    phone_interview: 'Entrevista telefónica',
    interview: 'Entrevista',
    offer_sent: 'Oferta enviada',
    recruited: 'Contratado',
    refused: 'Rechazado',
    withdrawn: 'Retirado',
  },
  de: {
    new: 'Neu',
    preselected: 'Vorausgewählt',
    phone_interview: 'Telefoninterview',
    interview: 'Vorstellungsgespräch',
    offer_sent: 'Angebot gesendet',
    recruited: 'Eingestellt',
    refused: 'Abgelehnt',
    withdrawn: 'Zurückgezogen',
  },
};

/**
 * The default summariser: works offline from the CV text and the application data with simple
 * rules (periods, education lines, frequent words). It says what it is in its first line.
 */
export class LocalSummaryProvider implements SummaryProvider {
  async summarize(input: SummaryInput): Promise<SummaryResult> {
    const lang = LABELS[input.language] ? input.language : 'fr';
    const l = LABELS[lang]!;
    const c = l.colon!;
    const statusName = (name: string) => DEFAULT_STATUSES[lang]![name] ?? name;
    const lines = (input.cvText ?? '')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const out: string[] = [
      `${LOCAL_SUMMARY_MARKER} ${l.intro}${c}${input.applicant.firstname} ${input.applicant.lastname}.`,
    ];
    if (!lines.length) out.push(l.nocv!);
    const periods = lines.filter((s) => YEAR_RANGE.test(s)).slice(0, 4);
    if (periods.length) {
      const thisYear = new Date().getUTCFullYear();
      const starts = periods.map((s) => Number(YEAR_RANGE.exec(s)![1]));
      const years = thisYear - Math.min(...starts);
      out.push(`${l.experience} (${years} ${l.years})${c}${periods.join(' ; ')}`);
    }
    const education = lines
      .filter((s) => EDUCATION.test(s) && !YEAR_RANGE.test(s) && !HEADING.test(s))
      .slice(0, 2);
    if (education.length) out.push(`${l.education}${c}${education.join(' ; ')}`);
    const own = new Set(
      `${input.applicant.firstname} ${input.applicant.lastname}`.toLowerCase().split(/\s+/),
    );
    const keywords = topWords(lines.join(' '), 8, own);
    if (keywords.length) out.push(`${l.skills}${c}${keywords.join(', ')}`);
    if (input.applicant.tags.length) out.push(`${l.tags}${c}${input.applicant.tags.join(', ')}`);
    if (input.motivation) out.push(`${l.motivation}${c}${input.motivation.slice(0, 200)}`);
    if (input.applications.length) {
      out.push(
        `${l.applications}${c}${input.applications
          .map(
            (a) =>
              `${a.job_position ?? '—'} (${statusName(a.status)}, ${a.created_at.slice(0, 10)})`,
          )
          .join(' ; ')}`,
      );
    }
    return { text: out.join('\n'), source: 'local', model: null };
  }
}

/** The CV's most frequent words, once e-mails, links, domains, dates and numbers are taken out. */
export function topWords(text: string, n: number, skip: Set<string>): string[] {
  const counts = new Map<string, { word: string; n: number }>();
  const words = NOISE.reduce((rest, re) => rest.replace(re, ' '), text);
  for (const word of words.match(/[\p{L}][\p{L}+#.-]{2,}/gu) ?? []) {
    const key = word.toLowerCase().replace(/[.-]+$/, '');
    if (key.length < 3 || STOP.has(key) || skip.has(key)) continue;
    if (MONTHS.has(key) || CONTACT_LABELS.has(key)) continue;
    const entry = counts.get(key) ?? { word: word.replace(/[.-]+$/, ''), n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || a.word.localeCompare(b.word))
    .slice(0, n)
    .map((e) => e.word);
}
