import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type {
  TStatisticsActivityReport,
  TStatisticsFunnelReport,
  TStatisticsOffersReport,
  TStatisticsSourcesReport,
  TStatisticsStatus,
  TStatisticsTimesReport,
  TStatisticsVolumeReport,
} from '@embauche/contracts/statistics';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';
import { resolveRange } from '../../features/statistics/lib/statistics-range.ts';

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

const PERIOD = { from: '2026-09-01', to: '2026-11-29' };
const BEFORE = { from: '2026-06-03', to: '2026-08-31' };
const status = (id: number, name: string): TStatisticsStatus => ({
  id,
  name,
  default_status: true,
  label: null,
  color: null,
});
const NEW = status(1, 'new');
const INTERVIEW = status(4, 'interview');
const RECRUITED = status(6, 'recruited');

const FUNNEL: TStatisticsFunnelReport = {
  current: {
    period: PERIOD,
    applications: 1250,
    refused: 300,
    withdrawn: 20,
    steps: [
      {
        status: NEW,
        reached: 1250,
        conversion: null,
        share: 1,
        exits: [
          {
            kind: 'refused',
            motif: { id: 3, name: 'profile', default_motif: false, label: 'Profil inadapté' },
            count: 280,
          },
        ],
      },
      {
        status: INTERVIEW,
        reached: 200,
        conversion: 0.16,
        share: 0.16,
        exits: [
          {
            kind: 'withdrawn',
            motif: { id: null, name: null, default_motif: false, label: null },
            count: 20,
          },
        ],
      },
      { status: RECRUITED, reached: 40, conversion: 0.2, share: 0.032, exits: [] },
    ],
  },
  previous: { period: BEFORE, applications: 1000, refused: 250, withdrawn: 10, steps: [] },
};
const TIMES: TStatisticsTimesReport = {
  current: {
    period: PERIOD,
    time_to_hire: { count: 40, median_days: 21.5, p90_days: 45 },
    time_to_fill: { count: 12, median_days: 30, p90_days: 60 },
    in_status: [{ status: NEW, count: 900, average_days: 3.2 }],
  },
  previous: {
    period: BEFORE,
    time_to_hire: { count: 30, median_days: 25, p90_days: 50 },
    time_to_fill: { count: 10, median_days: 30, p90_days: 58 },
    in_status: [],
  },
};
const SOURCES: TStatisticsSourcesReport = {
  current: {
    period: PERIOD,
    sources: [
      {
        jobboard_id: 2,
        name: 'Indeed',
        applications: 800,
        interviews: 120,
        hires: 25,
        conversion: 0.03125,
        cost_per_hire: null,
      },
      {
        jobboard_id: null,
        name: null,
        applications: 450,
        interviews: 80,
        hires: 15,
        conversion: 0.0333,
        cost_per_hire: null,
      },
    ],
  },
  previous: null,
};
const VOLUME: TStatisticsVolumeReport = {
  current: {
    period: PERIOD,
    granularity: 'week',
    points: [
      { start: '2026-09-01', applications: 100, hires: 3, refusals: 20, withdrawals: 1 },
      { start: '2026-09-07', applications: 120, hires: 4, refusals: 25, withdrawals: 2 },
    ],
    totals: { applications: 1250, hires: 40, refusals: 300, withdrawals: 20 },
  },
  previous: {
    period: BEFORE,
    granularity: 'week',
    points: [],
    totals: { applications: 1000, hires: 40, refusals: 250, withdrawals: 10 },
  },
};
const OFFERS: TStatisticsOffersReport = {
  current: {
    period: PERIOD,
    open: 35,
    published: 28,
    in_alert: 4,
    created: 12,
    archived: [{ reason: 'position_filled', count: 9 }],
    archived_total: 9,
  },
  previous: {
    period: BEFORE,
    open: 30,
    published: 25,
    in_alert: 2,
    created: 10,
    archived: [],
    archived_total: 5,
  },
};
const ACTIVITY: TStatisticsActivityReport = {
  current: {
    period: PERIOD,
    users: [
      {
        user_id: 7,
        name: 'Camille Martin',
        status_changes: 320,
        comments: 45,
        emails: 60,
        sms: 5,
        appointments: null,
      },
    ],
    totals: { status_changes: 320, comments: 45, emails: 60, sms: 5, appointments: null },
  },
  previous: null,
};

type Reports = {
  funnel: unknown;
  times: unknown;
  sources: unknown;
  volume: unknown;
  offers: unknown;
  activity: unknown;
};
const REPORTS: Reports = {
  funnel: FUNNEL,
  times: TIMES,
  sources: SOURCES,
  volume: VOLUME,
  offers: OFFERS,
  activity: ACTIVITY,
};

/** The statistics API: each report answered from `reports`, every query string kept. */
function useStatisticsApi(
  reports: Partial<Reports> = {},
  failing: Partial<Record<keyof Reports, number>> = {},
) {
  const queries: { kind: string; params: URLSearchParams }[] = [];
  const all = { ...REPORTS, ...reports };
  server.use(
    http.get('*/api/statistics/options', () =>
      HttpResponse.json({
        time_zone: 'Europe/Paris',
        contract_types: ['cdd', 'cdi'],
        job_boards: [{ id: 2, name: 'Indeed' }],
        recruiters: [
          { id: 7, name: 'Camille Martin' },
          { id: 9, name: 'Hugo Bernard' },
        ],
      }),
    ),
    http.get('*/api/projects', () => HttpResponse.json([])),
    http.get('*/api/projects/all/offers', () =>
      HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
    ),
    http.get('*/api/statistics/:kind', ({ params, request }) => {
      const kind = String(params.kind) as keyof Reports;
      queries.push({ kind, params: new URL(request.url).searchParams });
      const status = failing[kind];
      if (status) return HttpResponse.json({ message: 'Failed' }, { status });
      return HttpResponse.json(all[kind] as object);
    }),
  );
  return queries;
}

const STATS = makeMe(['statistics.access', 'project.list']);
const CUSTOM = `/stats?range=custom&from=${PERIOD.from}&to=${PERIOD.to}`;

describe('statistics page', () => {
  it('shows the key figures against the previous period, in French formats', async () => {
    signIn(STATS);
    useStatisticsApi();
    renderApp(CUSTOM);
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
    const figures = within(await screen.findByRole('region', { name: 'Chiffres clés' }));
    const applications = (await figures.findByText('Candidatures reçues')).closest('div')!;
    expect(within(applications).getByText('1 250')).toBeVisible();
    expect(
      within(applications).getByText('En hausse de 25 % (période précédente : 1 000)'),
    ).toBeVisible();
    const hire = figures.getByText('Délai de recrutement (médiane)').closest('div')!;
    expect(within(hire).getByText('21,5 jours')).toBeVisible();
    expect(
      within(hire).getByText('En baisse de 14 % (période précédente : 25 jours)'),
    ).toBeVisible();
    expect(
      within(figures.getByText('Recrutements').closest('div')!).getByText(
        'Stable (période précédente : 40)',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Du 01/09/2026 au 29/11/2026, comparé à la période du 03/06/2026 au 31/08/2026.',
      ),
    ).toBeVisible();
  });

  it('gives each chart a table, shown on demand, with translated steps and percentages', async () => {
    signIn(STATS);
    useStatisticsApi();
    renderApp(CUSTOM);
    const funnel = within(await screen.findByRole('region', { name: 'Entonnoir de recrutement' }));
    // The table is in the page for screen readers before it is shown.
    const table = await funnel.findByRole('table', { name: 'Entonnoir de recrutement' });
    expect(within(table).getByRole('rowheader', { name: 'Entretien' })).toBeInTheDocument();
    const show = funnel.getByRole('button', { name: 'Afficher le tableau' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(funnel.getByRole('button', { name: 'Masquer le tableau' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const row = within(table).getByRole('rowheader', { name: 'Entretien' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['200', '16\u00a0%', '16\u00a0%', '–']);
    const refusals = within(
      screen.getByRole('region', { name: 'Refus et désistements par motif' }),
    );
    const refusalTable = refusals.getByRole('table');
    expect(within(refusalTable).getByRole('cell', { name: 'Profil inadapté' })).toBeInTheDocument();
    expect(within(refusalTable).getByRole('cell', { name: 'Sans motif' })).toBeInTheDocument();
    const sources = within(
      screen.getByRole('region', { name: 'Sources des candidatures' }),
    ).getByRole('table');
    expect(
      within(sources).getByRole('rowheader', { name: 'Sans jobboard (directe, saisie, import)' }),
    ).toBeInTheDocument();
  });

  it('keeps the range and the filters in the URL and asks for them', async () => {
    signIn(STATS);
    const queries = useStatisticsApi();
    renderApp(CUSTOM);
    await screen.findByRole('region', { name: 'Entonnoir de recrutement' });
    expect(queries.find((q) => q.kind === 'funnel')?.params.get('from')).toBe(PERIOD.from);
    expect(queries.find((q) => q.kind === 'funnel')?.params.get('compare')).toBe('1');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Période' }),
      '30 derniers jours',
    );
    await waitFor(() => expect(window.location.search).toBe('?range=30d'));
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Recruteur' }),
      'Hugo Bernard',
    );
    await waitFor(() => expect(window.location.search).toBe('?range=30d&recruiter=9'));
    await waitFor(() =>
      expect(queries.some((q) => q.kind === 'volume' && q.params.get('recruiter_id') === '9')).toBe(
        true,
      ),
    );
    const last = queries.filter((q) => q.kind === 'volume').at(-1)!.params;
    expect(last.get('from')).toBe(resolveRange('30d', {}).from);
    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(window.location.search).toBe('?range=30d'));
  });

  it('exports a chart as CSV from the figures on screen', async () => {
    signIn(STATS);
    useStatisticsApi();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statistics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    renderApp(CUSTOM);
    const sources = within(await screen.findByRole('region', { name: 'Sources des candidatures' }));
    await userEvent.click(
      await sources.findByRole('button', {
        name: 'Exporter les données : Sources des candidatures',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Exporter en CSV' }));
    expect(clicks).toEqual(['sources-2026-09-01-2026-11-29.csv']);
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // UTF-8 with a byte-order mark, as Excel wants it.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toBe(
      'Source;Candidatures;Entretiens;Recrutements;Taux de recrutement;Coût par recrutement',
    );
    expect(text.split('\r\n')[1]).toBe('Indeed;800;120;25;0.03125;');
    expect(
      await screen.findByText('Fichier sources-2026-09-01-2026-11-29.csv téléchargé.'),
    ).toBeVisible();
  });

  it('exports a chart as XLSX, numbers kept as numbers', async () => {
    signIn(STATS);
    useStatisticsApi();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statistics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp(CUSTOM);
    const funnel = within(await screen.findByRole('region', { name: 'Entonnoir de recrutement' }));
    await userEvent.click(await funnel.findByRole('button', { name: 'Exporter les données : Entonnoir de recrutement' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Exporter en XLSX' }));
    await waitFor(() => expect(clicks).toEqual(['entonnoir-2026-09-01-2026-11-29.xlsx']));
    expect(blobs[0]!.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blobs[0]!.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Entonnoir de recrutement');
    expect(sheet.getRow(1).getCell(1).value).toBe('Étape');
    expect(sheet.getRow(3).values).toEqual([undefined, 'Entretien', 200, 0.16, 0.16]);
  });

  it('says when a period has no data, and when a chart failed, with a retry', async () => {
    signIn(STATS);
    useStatisticsApi(
      { sources: { current: { period: PERIOD, sources: [] }, previous: null } },
      { activity: 500 },
    );
    renderApp(CUSTOM);
    const sources = within(await screen.findByRole('region', { name: 'Sources des candidatures' }));
    expect(
      await sources.findByText('Aucune donnée sur cette période avec ces filtres.'),
    ).toBeVisible();
    expect(sources.queryByRole('button', { name: /Exporter/ })).not.toBeInTheDocument();
    const activity = within(screen.getByRole('region', { name: 'Activité des recruteurs' }));
    expect(await activity.findByRole('alert')).toHaveTextContent(
      "Ces chiffres n'ont pas pu être chargés.",
    );
    expect(activity.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });

  it('explains a project or offer filter the user cannot see', async () => {
    signIn(STATS);
    useStatisticsApi({}, { funnel: 404 });
    renderApp(`${CUSTOM}&offer=999`);
    expect(
      await screen.findByText(
        "Le projet ou l'offre choisi n'existe plus ou ne fait pas partie de ceux que vous voyez.",
      ),
    ).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Réinitialiser les filtres' })[0]!);
    await waitFor(() => expect(`/stats${window.location.search}`).toBe(CUSTOM));
  });

  it('refuses a custom range longer than two years without asking the server', async () => {
    signIn(STATS);
    const queries = useStatisticsApi();
    renderApp('/stats?range=custom&from=2020-01-01&to=2026-01-01');
    expect(await screen.findByText('La période ne peut pas dépasser 731 jours.')).toBeVisible();
    expect(queries.filter((q) => q.kind !== 'options')).toEqual([]);
  });

  it('speaks English with English number formats', async () => {
    signIn(STATS);
    useStatisticsApi();
    renderApp(CUSTOM, { lng: 'en' });
    const figures = within(await screen.findByRole('region', { name: 'Key figures' }));
    const applications = (await figures.findByText('Applications received')).closest('div')!;
    expect(within(applications).getByText('1,250')).toBeVisible();
    expect(within(applications).getByText('Up 25% (previous period: 1,000)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export as PDF' })).toBeVisible();
  });
});
