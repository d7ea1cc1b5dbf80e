import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeMe } from '../../test/fixtures.ts';
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
