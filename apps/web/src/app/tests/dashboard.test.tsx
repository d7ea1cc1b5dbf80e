import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeOffer } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const dashboardOffer = (overrides = {}) => ({ ...makeOffer(overrides), alert_started_at: null });

describe('dashboard', () => {
  it('shows four blocks, each with its own paging and empty state', async () => {
    signIn(makeMe());
    const latestPages: string[] = [];
    server.use(
      http.get('*/api/dashboard/offers/latest', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page') ?? '1';
        latestPages.push(page);
        const offer = page === '1' ? dashboardOffer() : dashboardOffer({ id: 101, job_position: 'Assistant paie H/F' });
        return HttpResponse.json({ data: [offer], current_page: Number(page), last_page: 2, per_page: 5, total: 6 });
      }),
      http.get('*/api/dashboard/offers/alerts', () =>
        HttpResponse.json({
          data: [{ ...dashboardOffer({ in_alert: true, alert_reasons: ['untreated_applications'], total_to_treat: 3 }), alert_started_at: new Date().toISOString() }],
          current_page: 1, last_page: 1, per_page: 5, total: 1,
        }),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    const latest = screen.getByRole('region', { name: 'Dernières offres' });
    expect(await within(latest).findByRole('link', { name: 'Chargé de recrutement H/F' })).toHaveAttribute('href', '/projects/10/offer/100');
    const favorites = screen.getByRole('region', { name: 'Offres favorites' });
    expect(await within(favorites).findByRole('heading', { name: 'Aucune offre favorite' })).toBeVisible();
    const alerts = screen.getByRole('region', { name: 'Offres en alerte' });
    expect(await within(alerts).findByText('3 candidatures en attente')).toBeVisible();
    expect(await within(screen.getByRole('region', { name: 'Alertes non traitées' })).findByRole('heading', { name: 'Aucune alerte non traitée' })).toBeVisible();

    await userEvent.click(within(latest).getByRole('button', { name: 'Suivant' }));
    expect(await within(latest).findByRole('link', { name: 'Assistant paie H/F' })).toBeVisible();
    await waitFor(() => expect(latestPages).toContain('2'));
    expect(within(alerts).queryByRole('navigation')).not.toBeInTheDocument();
  });
});
