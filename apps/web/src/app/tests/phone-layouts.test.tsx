import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { APPLICATION_PERMISSIONS, STATUSES, makeApplication, workflowStatusHandlers } from '../../test/application-fixtures.ts';
import { makeOffer, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser (canvas, workers): the e2e spec covers it; here the lazy chunk is a stand-in.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label, url }: { label: string; url: string }) => (
    <section aria-label={label}>
      <p>PDF {url}</p>
    </section>
  ),
}));

/** jsdom has no layout: answer `(max-width: Npx)` queries as a window `width` pixels wide would. */
function useWindowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    return mediaQueryList(query, (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('applicant screen on a phone (issue 35 item 4)', () => {
  it('puts its sections in tabs under the profile, the CV one tap away', async () => {
    useWindowWidth(390);
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    const view = renderApp('/applicants/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Moreau' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Sections de la fiche' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profil', 'CV', 'Activité', 'Candidatures']);
    expect(within(tabs).getByRole('tab', { name: 'Profil' })).toHaveAttribute('aria-selected', 'true');
    // The profile tab: the summary and the tags, not the CV.
    expect(await screen.findByRole('heading', { level: 2, name: 'Étiquettes' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'CV de Léa Moreau' })).not.toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'CV' }));
    const cv = await screen.findByRole('region', { name: 'CV de Léa Moreau' });
    expect(within(cv).getByText('PDF /api/applicants/5/cv')).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Étiquettes' })).not.toBeInTheDocument();
    // The tab is in the address, replaced rather than pushed (back leaves the applicant).
    await waitFor(() => expect(window.location.search).toContain('section=cv'));
    expect(view.location()).toBe('/applicants/5');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Candidatures' }));
    expect(await screen.findByRole('link', { name: 'Chargé de recrutement H/F' })).toHaveAttribute('href', '/projects/10/offer/100');
  });

  it('opens on the tab the address names, and moves between tabs with the arrow keys', async () => {
    useWindowWidth(390);
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    renderApp('/applicants/5?section=cv');
    expect(await screen.findByRole('region', { name: 'CV de Léa Moreau' })).toBeVisible();
    const cvTab = screen.getByRole('tab', { name: 'CV' });
    expect(cvTab).toHaveAttribute('aria-selected', 'true');
    cvTab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Activité' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Activité' })).toHaveAttribute('aria-selected', 'true'));
  });

  it('keeps the two columns and no tabs on a desktop', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    server.use(...applicantApiHandlers());
    renderApp('/applicants/5');
    expect(await screen.findByRole('region', { name: 'CV de Léa Moreau' })).toBeVisible();
    expect(screen.queryByRole('tablist', { name: 'Sections de la fiche' })).not.toBeInTheDocument();
  });
});

describe('lists on a phone (issue 35 item 5)', () => {
  it('shows the offers first, the filters behind a "Filters (n)" button opening a sheet', async () => {
    useWindowWidth(390);
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi({ offers: [makeOffer({ id: 100, job_position: 'Chargé de recrutement H/F' })] });
    renderApp('/projects/all/offers?status=published&alert=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toutes les offres' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Chargé de recrutement H/F' })).toBeVisible();
    // No filter form in the page: a button that says how many are set.
    expect(screen.queryByRole('search', { name: 'Filtres des offres' })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Filtres (2)' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    // The button comes before the results, and nothing else of the form does.
    expect(button.compareDocumentPosition(screen.getByRole('link', { name: 'Chargé de recrutement H/F' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filtres' });
    expect(within(sheet).getByLabelText('Statut')).toHaveValue('published');
    await userEvent.click(within(sheet).getByLabelText('En alerte uniquement'));
    await waitFor(() => expect(window.location.search).not.toContain('alert'));
    await userEvent.click(within(sheet).getByRole('button', { name: /^Voir/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filtres' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filtres (1)' })).toHaveFocus();
  });

  it('keeps the filter form in the page on a desktop', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    renderApp('/projects/all/offers');
    expect(await screen.findByRole('search', { name: 'Filtres des offres' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filtres/ })).not.toBeInTheDocument();
  });

  it('shows the applications to treat first, their filters in a sheet', async () => {
    useWindowWidth(390);
    signIn(makeMe(APPLICATION_PERMISSIONS));
    server.use(
      http.get('*/api/statuses', () => HttpResponse.json(STATUSES)),
      ...workflowStatusHandlers(),
      http.get('*/api/motifs', () => HttpResponse.json([])),
      http.get('*/api/assessment-tests', () => HttpResponse.json([])),
      http.get('*/api/projects/all/offers/jobboards', () => HttpResponse.json([])),
      http.get('*/api/treatment/applications/offers', () => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 })),
      http.get('*/api/treatment/:kind', () =>
        HttpResponse.json({ data: [makeApplication({ id: 11, firstname: 'Inès', lastname: 'Roux' })], current_page: 1, last_page: 1, per_page: 20, total: 1 }),
      ),
    );
    renderApp('/treatment?search=roux');
    expect(await screen.findByRole('link', { name: 'Inès Roux' })).toBeVisible();
    expect(screen.queryByRole('search', { name: 'Filtrer les candidatures' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filtres (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtres' });
    expect(within(sheet).getByRole('searchbox', { name: 'Rechercher' })).toHaveValue('roux');
    expect(within(sheet).getByRole('button', { name: 'Voir 1 résultat' })).toBeVisible();
  });
});

describe('configuration on a phone (issue 35 item 5)', () => {
  it('starts with the page, its menu a searchable drawer opened from a button above it', async () => {
    useWindowWidth(390);
    signIn(makeMe(ADMIN_PERMISSIONS));
    server.use(http.get('*/api/roles', () => HttpResponse.json([])));
    renderApp('/config/users/rights');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Droits' });
    expect(heading).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Menu de configuration' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Menu de configuration' });
    expect(open).toHaveAttribute('aria-haspopup', 'dialog');
    expect(open.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu de configuration' });
    const menu = within(within(drawer).getByRole('navigation', { name: 'Menu de configuration' }));
    expect(menu.getByRole('link', { name: 'Droits' })).toHaveAttribute('aria-current', 'page');
    await userEvent.type(menu.getByRole('searchbox', { name: 'Rechercher un paramètre' }), 'statu');
    await userEvent.click(menu.getByRole('link', { name: 'Statuts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statuts' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu de configuration' })).not.toBeInTheDocument());
  });

  it('keeps the side menu beside the page on a desktop', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/users/rights');
    expect(await screen.findByRole('navigation', { name: 'Menu de configuration' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Menu de configuration' })).not.toBeInTheDocument();
  });
});
