import { knownLanguage } from '@embauche/contracts/constants';
import { formatDay } from '@embauche/contracts/date-formats';
import type { SummaryInput, SummaryProvider, SummaryResult } from './summary-provider.ts';

/** Starts every local summary, in every language: the web shows it as "written offline, no AI". */
export const LOCAL_SUMMARY_MARKER = '[local]';

type Labels = Record<
  | 'colon'
  | 'tags'
  | 'intro'
  | 'experience'
  | 'skills'
  | 'education'
  | 'applications'
  | 'nocv'
  | 'motivation'
  | 'years'
  | 'period'
  | 'periods',
  string
> & { quote: [string, string] };

const LABELS: Record<string, Labels> = {
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
    years: 'environ {n} ans, depuis {since}',
    period: '1 période dans le CV',
    periods: '{n} périodes dans le CV',
    quote: ['« ', ' »'],
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
    years: 'about {n} years, since {since}',
    period: '1 period in the CV',
    periods: '{n} periods in the CV',
    quote: ['“', '”'],
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
    years: 'unos {n} años, desde {since}',
    period: '1 periodo en el CV',
    periods: '{n} periodos en el CV',
    quote: ['«', '»'],
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
    years: 'etwa {n} Jahre, seit {since}',
    period: '1 Station im Lebenslauf',
    periods: '{n} Stationen im Lebenslauf',
    quote: ['„', '“'],
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
    offer_sent: 'Vertragsangebot gesendet',
    recruited: 'Eingestellt',
    refused: 'Abgelehnt',
    withdrawn: 'Zurückgezogen',
  },
};

/** Degrees, highest first, each named in the reader's language (a CV line names the original). */
const DEGREES: { re: RegExp; name: Record<string, string> }[] = [
  {
    re: /\b(doctorat|phd|ph\.d\.?|doktor\w*|doctorado)\b/i,
    name: { fr: 'doctorat', en: 'doctorate', es: 'doctorado', de: 'Promotion' },
  },
  {
    re: /\b(master|mba|msc|máster|ingénieur|engineering degree|diplom-ingenieur)\b/i,
    name: { fr: 'master (bac + 5)', en: 'master’s degree', es: 'máster', de: 'Master' },
  },
  {
    re: /\b(licence|bachelor|grado|bsc|BUT)\b/,
    name: { fr: 'licence (bac + 3)', en: 'bachelor’s degree', es: 'grado', de: 'Bachelor' },
  },
  {
    re: /\b(BTS|DUT|HND)\b/,
    name: {
      fr: 'BTS ou DUT (bac + 2)',
      en: 'two-year higher diploma',
      es: 'técnico superior',
      de: 'zweijähriger Hochschulabschluss',
    },
  },
  {
    re: /\b(bac|baccalauréat|abitur|bachillerato|a-levels?|high school)\b/i,
    name: { fr: 'baccalauréat', en: 'secondary school diploma', es: 'bachillerato', de: 'Abitur' },
  },
  {
    re: /\b(CAP|BEP|Ausbildung|apprentissage|apprenticeship)\b/,
    name: {
      fr: 'CAP ou BEP',
      en: 'vocational certificate',
      es: 'formación profesional',
      de: 'Berufsausbildung',
    },
  },
];

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/**
 * The default summariser: works offline from the CV text and the application data with simple
 * rules (periods, degrees, skill and job words). Written entirely in the reader's language and
 * date format (issue 35): its own sentences are translated, CV lines are never quoted (their
 * language is the CV's), the motivation is quoted as the applicant's words. It says what it is in
 * its first line.
 */
export class LocalSummaryProvider implements SummaryProvider {
  async summarize(input: SummaryInput): Promise<SummaryResult> {
    const lang = knownLanguage(input.language);
    const l = LABELS[lang]!;
    const c = l.colon;
    const [open, close] = l.quote;
    // French sets a space before a semicolon, as before a colon.
    const sep = lang === 'fr' ? ' ; ' : '; ';
    const statusName = (name: string) => DEFAULT_STATUSES[lang]![name] ?? name;
    const lines = (input.cvText ?? '')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const out: string[] = [
      `${LOCAL_SUMMARY_MARKER} ${l.intro}${c}${input.applicant.firstname} ${input.applicant.lastname}.`,
    ];
    if (!lines.length) out.push(l.nocv);
    const periods = lines.filter((s) => YEAR_RANGE.test(s));
    if (periods.length) {
      const thisYear = new Date().getUTCFullYear();
      const since = Math.min(...periods.map((s) => Number(YEAR_RANGE.exec(s)![1])));
      out.push(
        `${l.experience}${c}${fill(l.years, { n: thisYear - since, since })}${sep}${fill(periods.length === 1 ? l.period : l.periods, { n: periods.length })}`,
      );
    }
    const educationLines = lines.filter((s) => !HEADING.test(s));
    const degree = DEGREES.find((d) => educationLines.some((s) => d.re.test(s)));
    if (degree) out.push(`${l.education}${c}${degree.name[lang]}`);
    const own = new Set(
      `${input.applicant.firstname} ${input.applicant.lastname}`.toLowerCase().split(/\s+/),
    );
    const jobText = [
      input.offer?.job_position ?? '',
      input.offer?.description ?? '',
      ...input.applications.map((a) => a.job_position ?? ''),
    ].join(' ');
    const jobWords = new Set(
      (jobText.match(/[\p{L}][\p{L}+#.-]{2,}/gu) ?? []).map((w) => w.toLowerCase()),
    );
    const keywords = topWords(lines.join('\n'), 8, own, jobWords);
    if (keywords.length) out.push(`${l.skills}${c}${keywords.join(', ')}`);
    if (input.applicant.tags.length) out.push(`${l.tags}${c}${input.applicant.tags.join(', ')}`);
    if (input.motivation)
      out.push(`${l.motivation}${c}${open}${input.motivation.slice(0, 200).trim()}${close}`);
    if (input.applications.length) {
      out.push(
        `${l.applications}${c}${input.applications
          .map(
            (a) =>
              `${a.job_position ?? '—'} (${statusName(a.status)}, ${formatDay(a.created_at, lang)})`,
          )
          .join(sep)}`,
      );
    }
    return { text: out.join('\n'), source: 'local', model: null };
  }
}

/**
 * Skills and job words a recruiter looks for, in the four languages: a capitalised word of a CV
 * counts only when it is one of them, looks like a technology (`Node.js`, `C#`, `TypeScript`) or
 * is a word of the job; so places and company names (Paris, Capgemini, KPMG) stay out.
 */
const SKILLS = new Set(
  `react angular vue svelte typescript javascript java python php ruby rails go golang rust kotlin swift scala perl
  node.js nodejs django flask laravel symfony spring docker kubernetes terraform ansible aws azure gcp linux unix git
  sql mysql postgresql oracle mongodb redis elasticsearch kafka graphql rest api html css sass figma sketch photoshop
  illustrator indesign excel word powerpoint outlook access vba sap sage cegid quickbooks salesforce hubspot jira
  confluence scrum agile kanban devops seo sea sem crm erp power bi tableau matlab autocad solidworks revit catia
  comptable comptabilité fiscalité audit paie contrôle gestion finance trésorerie juridique droit achats logistique
  vente ventes commercial commerciale marketing communication management manager recrutement formation qualité
  sécurité maintenance production électricité mécanique soudure cariste magasinier infirmier infirmière aide-soignant
  développeur développeuse développement ingénieur ingénierie technicien technicienne consultant consultante chef
  projet analyste data données réseau réseaux support assistant assistante secrétaire accueil vendeur vendeuse
  cuisinier serveur chauffeur conducteur comptabilité-paie anglais allemand espagnol italien français
  accountant accounting tax payroll auditor controller finance legal purchasing logistics sales marketing
  developer development engineer engineering technician consultant analyst project manager management nurse driver
  warehouse support assistant recruiter recruitment quality safety maintenance english german spanish french
  contable contabilidad fiscalidad nómina ventas desarrollador desarrollo ingeniero técnico consultor analista
  proyecto gestión calidad logística enfermero enfermera conductor inglés alemán español francés
  buchhalter buchhaltung steuer lohnbuchhaltung vertrieb verkauf entwickler entwicklung ingenieur techniker
  berater projekt projektleiter qualität logistik pflege pflegekraft fahrer lager englisch deutsch spanisch französisch`
    .split(/\s+/)
    .filter(Boolean),
);

/** A technology's spelling: a dot, `#` or `+` inside (`ASP.NET`, `C#`), or capitals inside a word (`PostgreSQL`). */
const TECH_LIKE = /^[\p{L}][\p{L}\d]*[.#+][\p{L}\d.#+]*$|^\p{Lu}?\p{Ll}+\p{Lu}[\p{L}]*$/u;

/**
 * The CV's most frequent skill and job words, once e-mails, links, domains, dates and numbers are
 * taken out: a word in lower case (a common noun) when it is a known skill or job word, a word of
 * the job (`jobWords`), or said twice; a capitalised or upper-case word only when it is a known
 * skill, a word of the job or spelled like a technology. Names of people, places and companies
 * (capitalised, none of those) are left out.
 */
export function topWords(
  text: string,
  n: number,
  skip: Set<string>,
  jobWords: Set<string> = new Set(),
): string[] {
  const counts = new Map<string, { word: string; n: number; known: boolean }>();
  const words = NOISE.reduce((rest, re) => rest.replace(re, ' '), text);
  for (const word of words.match(/[\p{L}][\p{L}+#.-]{1,}/gu) ?? []) {
    const clean = word.replace(/[.-]+$/, '');
    const key = clean.toLowerCase();
    if (key.length < 2 || STOP.has(key) || skip.has(key)) continue;
    if (MONTHS.has(key) || CONTACT_LABELS.has(key)) continue;
    const known = SKILLS.has(key) || jobWords.has(key);
    const lower = clean === key;
    if (!known && !TECH_LIKE.test(clean) && (!lower || key.length < 4)) continue;
    const entry = counts.get(key) ?? { word: clean, n: 0, known: known || !lower };
    entry.n++;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((e) => e.known || e.n >= 2)
    .sort((a, b) => b.n - a.n || a.word.localeCompare(b.word))
    .slice(0, n)
    .map((e) => e.word);
}
