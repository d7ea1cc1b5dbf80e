import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TAppointment, TAppointmentInput, TConflicts } from '@embauche/contracts/planner';
import { makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const ME = { id: 7, firstname: 'Camille', lastname: 'Martin' };
const NOA = { id: 9, firstname: 'Noa', lastname: 'Bernard' };

function makeAppointment(overrides: Partial<TAppointment> = {}): TAppointment {
  return {
    id: 31,
    title: 'Entretien RH',
    start_at: '2030-03-05T09:00:00.000Z',
    end_at: '2030-03-05T10:00:00.000Z',
    status: 'confirmed',
    source: 'planner',
    template: null,
    location_kind: 'video',
    location: 'https://visio.example/abc',
    interviewers: [ME],
    applicant: { id: 5, firstname: 'Léa', lastname: 'Moreau' },
    application_id: 12,
    offer: { id: 3, title: 'Développeuse React' },
    notes: '',
    allow_conflicts: false,
    created_by: ME,
    created_at: '2030-01-01T10:00:00.000Z',
    updated_at: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

type Calls = {
  lists: URLSearchParams[];
  saves: { method: string; path: string; body: TAppointmentInput }[];
};

/** The planner's routes: one appointment on Tuesday 5 March 2030 (Paris), `conflicts` for every check. */
function usePlannerApi(
  conflicts: TConflicts['conflicts'] = [],
  timeZone = 'Europe/Paris',
  shown: TAppointment = makeAppointment(),
) {
  const calls: Calls = { lists: [], saves: [] };
  server.use(
    http.get('*/api/planner/appointments', ({ request }) => {
      calls.lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: [shown],
        truncated: false,
        time_zone: timeZone,
      });
    }),
    http.get('*/api/planner/conflicts', () => HttpResponse.json({ conflicts })),
    http.get('*/api/planner/users', () => HttpResponse.json([ME, NOA])),
    http.post('*/api/planner/appointments', async ({ request }) => {
      const body = (await request.json()) as TAppointmentInput;
      calls.saves.push({ method: 'POST', path: new URL(request.url).pathname, body });
      return HttpResponse.json(makeAppointment({ id: 32, title: body.title }), { status: 201 });
    }),
    http.put('*/api/planner/appointments/:id', async ({ request }) => {
      const body = (await request.json()) as TAppointmentInput;
      calls.saves.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      return HttpResponse.json(makeAppointment({ start_at: body.start_at, end_at: body.end_at }));
    }),
  );
  return calls;
}

describe('planner', () => {
  it('shows the week of the user, Monday first, on the company clock', async () => {
    signIn(makeMe());
    const calls = usePlannerApi();
    renderApp('/planner?view=week&date=2030-03-05');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    // FullCalendar measures its grid before showing the events: jsdom has no layout, so only their text is checked.
    expect(await screen.findByText('Entretien RH')).toBeInTheDocument();
    // 09:00 UTC is 10:00 in Paris.
    expect(screen.getByText('10:00–11:00')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: /4 mars 2030 – 10 mars 2030/ }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Personnes affichées' })).getByText(
        'Camille Martin (vous)',
      ),
    ).toBeVisible();
    await waitFor(() => expect(calls.lists.at(-1)?.get('user_ids')).toBe('7'));
    expect(calls.lists.at(-1)?.get('from')).toBe('2030-03-03T23:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /11 mars 2030 – 17 mars 2030/ }),
    ).toBeVisible();
  });

  it('shows the week on the user’s own clock when they chose a zone', async () => {
    signIn(makeMe(undefined, { time_zone: 'America/New_York' }));
    const calls = usePlannerApi([], 'America/New_York');
    renderApp('/planner?view=week&date=2030-03-05');
    expect(await screen.findByText('Entretien RH')).toBeInTheDocument();
    // 09:00 UTC is 04:00 in New York: the grid opens earlier than 07:00 to show it. The week is
    // asked from Monday 00:00 there, from the first call.
    expect(screen.getByText('04:00–05:00')).toBeInTheDocument();
    expect(calls.lists[0]?.get('from')).toBe('2030-03-04T05:00:00.000Z');
  });

  it('creates an appointment from the keyboard, the conflicts shown and kept on purpose', async () => {
    signIn(makeMe());
    const calls = usePlannerApi([
      {
        user: ME,
        appointment_id: 31,
        title: 'Entretien RH',
        start_at: '2030-03-05T09:00:00.000Z',
        end_at: '2030-03-05T10:00:00.000Z',
      },
    ]);
    renderApp('/planner?view=week&date=2030-03-05');
    await screen.findByText('Entretien RH');
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau rendez-vous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau rendez-vous' });
    await userEvent.type(within(dialog).getByLabelText(/^Titre/), 'Point candidat');
    const start = within(dialog).getByRole('textbox', { name: /^Début/ });
    await userEvent.clear(start);
    await userEvent.type(start, '05/03/2030');
    await userEvent.tab();
    const startTime = within(dialog).getByRole('textbox', { name: 'Heure (Début)' });
    await userEvent.clear(startTime);
    await userEvent.type(startTime, '10:30');
    await userEvent.tab();
    const end = within(dialog).getByRole('textbox', { name: /^Fin/ });
    await userEvent.clear(end);
    await userEvent.type(end, '05/03/2030');
    await userEvent.tab();
    const endTime = within(dialog).getByRole('textbox', { name: 'Heure (Fin)' });
    await userEvent.clear(endTime);
    await userEvent.type(endTime, '11:00');
    await userEvent.tab();
    expect(await within(dialog).findByText('1 rendez-vous en conflit')).toBeVisible();
    expect(within(dialog).getByText(/Camille Martin : Entretien RH/)).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Garder ce créneau malgré les conflits' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]).toMatchObject({
      method: 'POST',
      body: {
        title: 'Point candidat',
        start_at: '2030-03-05T09:30:00.000Z',
        end_at: '2030-03-05T10:00:00.000Z',
        interviewer_ids: [7],
        allow_conflicts: true,
      },
    });
  });

  it('opens an appointment with Enter and moves it in its dialog', async () => {
    signIn(makeMe());
    const calls = usePlannerApi();
    renderApp('/planner?view=week&date=2030-03-05');
    const event = (await screen.findByText('Entretien RH')).closest('a, [tabindex]') as HTMLElement;
    event.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le rendez-vous' });
    expect(within(dialog).getByText('Léa Moreau')).toBeVisible();
    const endTime = within(dialog).getByRole('textbox', { name: 'Heure (Fin)' });
    await userEvent.clear(endTime);
    await userEvent.type(endTime, '11:30');
    await userEvent.tab();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(calls.saves[0]).toMatchObject({
      method: 'PUT',
      path: '/api/planner/appointments/31',
      body: {
        start_at: '2030-03-05T09:00:00.000Z',
        end_at: '2030-03-05T10:30:00.000Z',
        applicant_id: 5,
        application_id: 12,
      },
    });
  });

  it('lists the week as an agenda and shows the month, the view kept in the URL', async () => {
    signIn(makeMe());
    usePlannerApi();
    renderApp('/planner?view=week&date=2030-03-05');
    await screen.findByText('Entretien RH');
    await userEvent.click(screen.getByRole('button', { name: 'Liste' }));
    await waitFor(() => expect(window.location.search).toContain('view=agenda'));
    expect(await screen.findByText('mardi 5 mars 2030')).toBeInTheDocument();
    expect(screen.getByText('Entretien RH')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mois' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'mars 2030' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
  });

  it('is refused without planner.access', async () => {
    signIn(makeMe(['project.list']));
    renderApp('/planner');
    expect(
      await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }),
    ).toBeVisible();
  });
});
