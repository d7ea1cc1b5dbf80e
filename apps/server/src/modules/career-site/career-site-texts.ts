import type { Language } from '@embauche/contracts/constants';

/** The public site's fixed texts, in the four languages (the server has no i18next). */
export type CareerSiteTexts = {
  jobs: string;
  search: string;
  search_placeholder: string;
  filters: string;
  contract: string;
  place: string;
  remote: string;
  subsidiary: string;
  all: string;
  submit: string;
  clear: string;
  results: (n: number) => string;
  none: string;
  pages: string;
  previous: string;
  next: string;
  page_of: (page: number, last: number) => string;
  about: (company: string) => string;
  /** The heading over the offer's description (its own headings come under it). */
  the_job: string;
  mentions: string;
  all_offers: string;
  published: string;
  closing: string;
  reference: string;
  department: string;
  salary: string;
  salary_range: (min: string | null, max: string | null) => string;
  salary_exact: (amount: string) => string;
  apply_later: string;
  languages: string;
  privacy: string;
  /** The footer's link to the talent community's join page. */
  join_community: string;
  privacy_version: (version: number, date: string) => string;
  not_found: string;
  not_found_text: string;
  home: (company: string) => string;
};

const n = (value: number, language: Language) => value.toLocaleString(language);

export const CAREER_SITE_TEXTS: Record<Language, CareerSiteTexts> = {
  fr: {
    jobs: "Offres d'emploi",
    search: 'Rechercher une offre',
    search_placeholder: 'Métier, lieu, service…',
    filters: 'Filtres',
    contract: 'Type de contrat',
    place: 'Lieu',
    remote: 'Télétravail',
    subsidiary: 'Filiale',
    all: 'Tous',
    submit: 'Rechercher',
    clear: 'Effacer la recherche',
    results: (c) => (c <= 1 ? `${n(c, 'fr')} offre` : `${n(c, 'fr')} offres`),
    none: 'Aucune offre ne correspond à votre recherche.',
    pages: 'Pages de résultats',
    previous: 'Page précédente',
    next: 'Page suivante',
    page_of: (p, l) => `Page ${p} sur ${l}`,
    about: (c) => `À propos de ${c}`,
    the_job: 'Le poste',
    mentions: 'Mentions',
    all_offers: 'Toutes les offres',
    published: 'Publiée le',
    closing: "Candidatures jusqu'au",
    reference: 'Référence',
    department: 'Service',
    salary: 'Salaire',
    salary_range: (min, max) =>
      min && max
        ? `${min} – ${max} € par an`
        : min
          ? `À partir de ${min} € par an`
          : `Jusqu'à ${max} € par an`,
    salary_exact: (a) => `${a} € par an`,
    apply_later: 'La candidature en ligne ouvre bientôt sur ce site.',
    languages: 'Langue',
    privacy: 'Notice de confidentialité',
    join_community: 'Rejoindre notre communauté',
    privacy_version: (v, d) => `Version ${v} du ${d}`,
    not_found: 'Page introuvable',
    not_found_text: "Cette offre n'est plus publiée, ou cette adresse n'existe pas.",
    home: (c) => `Carrières chez ${c}`,
  },
  en: {
    jobs: 'Jobs',
    search: 'Search for a job',
    search_placeholder: 'Job, place, department…',
    filters: 'Filters',
    contract: 'Contract type',
    place: 'Location',
    remote: 'Remote work',
    subsidiary: 'Subsidiary',
    all: 'All',
    submit: 'Search',
    clear: 'Clear the search',
    results: (c) => (c === 1 ? '1 job' : `${n(c, 'en')} jobs`),
    none: 'No job matches your search.',
    pages: 'Result pages',
    previous: 'Previous page',
    next: 'Next page',
    page_of: (p, l) => `Page ${p} of ${l}`,
    about: (c) => `About ${c}`,
    the_job: 'The job',
    mentions: 'Legal mentions',
    all_offers: 'All jobs',
    published: 'Published on',
    closing: 'Apply until',
    reference: 'Reference',
    department: 'Department',
    salary: 'Salary',
    salary_range: (min, max) =>
      min && max
        ? `€${min} – €${max} a year`
        : min
          ? `From €${min} a year`
          : `Up to €${max} a year`,
    salary_exact: (a) => `€${a} a year`,
    apply_later: 'Online applications open on this site soon.',
    languages: 'Language',
    privacy: 'Privacy notice',
    join_community: 'Join our talent community',
    privacy_version: (v, d) => `Version ${v} of ${d}`,
    not_found: 'Page not found',
    not_found_text: 'This job is no longer published, or this address does not exist.',
    home: (c) => `Careers at ${c}`,
  },
  es: {
    jobs: 'Ofertas de empleo',
    search: 'Buscar una oferta',
    search_placeholder: 'Puesto, lugar, departamento…',
    filters: 'Filtros',
    contract: 'Tipo de contrato',
    place: 'Lugar',
    remote: 'Teletrabajo',
    subsidiary: 'Filial',
    all: 'Todos',
    submit: 'Buscar',
    clear: 'Borrar la búsqueda',
    results: (c) => (c === 1 ? '1 oferta' : `${n(c, 'es')} ofertas`),
    none: 'Ninguna oferta coincide con su búsqueda.',
    pages: 'Páginas de resultados',
    previous: 'Página anterior',
    next: 'Página siguiente',
    page_of: (p, l) => `Página ${p} de ${l}`,
    about: (c) => `Acerca de ${c}`,
    the_job: 'El puesto',
    mentions: 'Menciones',
    all_offers: 'Todas las ofertas',
    published: 'Publicada el',
    closing: 'Candidaturas hasta el',
    reference: 'Referencia',
    department: 'Departamento',
    salary: 'Salario',
    salary_range: (min, max) =>
      min && max
        ? `${min} – ${max} € al año`
        : min
          ? `Desde ${min} € al año`
          : `Hasta ${max} € al año`,
    salary_exact: (a) => `${a} € al año`,
    apply_later: 'La candidatura en línea se abrirá pronto en este portal.',
    languages: 'Idioma',
    privacy: 'Aviso de privacidad',
    join_community: 'Únete a nuestra comunidad',
    privacy_version: (v, d) => `Versión ${v} del ${d}`,
    not_found: 'Página no encontrada',
    not_found_text: 'Esta oferta ya no está publicada, o esta dirección no existe.',
    home: (c) => `Empleo en ${c}`,
  },
  de: {
    jobs: 'Stellenangebote',
    search: 'Stelle suchen',
    search_placeholder: 'Beruf, Ort, Abteilung…',
    filters: 'Filter',
    contract: 'Vertragsart',
    place: 'Ort',
    remote: 'Homeoffice',
    subsidiary: 'Tochtergesellschaft',
    all: 'Alle',
    submit: 'Suchen',
    clear: 'Suche zurücksetzen',
    results: (c) => (c === 1 ? '1 Stelle' : `${n(c, 'de')} Stellen`),
    none: 'Keine Stelle entspricht Ihrer Suche.',
    pages: 'Ergebnisseiten',
    previous: 'Vorherige Seite',
    next: 'Nächste Seite',
    page_of: (p, l) => `Seite ${p} von ${l}`,
    about: (c) => `Über ${c}`,
    the_job: 'Die Stelle',
    mentions: 'Pflichtangaben',
    all_offers: 'Alle Stellen',
    published: 'Veröffentlicht am',
    closing: 'Bewerbung bis',
    reference: 'Referenz',
    department: 'Abteilung',
    salary: 'Gehalt',
    salary_range: (min, max) =>
      min && max
        ? `${min} – ${max} € pro Jahr`
        : min
          ? `Ab ${min} € pro Jahr`
          : `Bis ${max} € pro Jahr`,
    salary_exact: (a) => `${a} € pro Jahr`,
    apply_later: 'Online-Bewerbungen sind auf dieser Seite bald möglich.',
    languages: 'Sprache',
    privacy: 'Datenschutzhinweis',
    join_community: 'Unserer Talent-Community beitreten',
    privacy_version: (v, d) => `Version ${v} vom ${d}`,
    not_found: 'Seite nicht gefunden',
    not_found_text: 'Diese Stelle ist nicht mehr veröffentlicht, oder diese Adresse gibt es nicht.',
    home: (c) => `Karriere bei ${c}`,
  },
};
