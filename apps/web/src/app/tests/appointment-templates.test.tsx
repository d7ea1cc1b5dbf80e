import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type {
  TAppointmentTemplate,
  TAppointmentTemplateInput,
  TAppointmentTemplateItem,
} from '@embauche/contracts/planner';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const ME = { id: 7, firstname: 'Camille', lastname: 'Martin' };
const ITEM: TAppointmentTemplateItem = {
  id: 4,
  name: 'Entretien RH',
  duration_minutes: 45,
  location_kind: 'video',
  interviewers: [ME],
  time_zone: 'Europe/Paris',
  updated_at: '2030-01-01T10:00:00.000Z',
};

/** The templates' routes; `refuse` answers the next create. */
function useTemplatesApi(refuse?: object) {
  const posts: TAppointmentTemplateInput[] = [];
  server.use(
    http.get('*/api/planner/templates', () =>
      HttpResponse.json({ data: [ITEM], total: 1, current_page: 1, last_page: 1, per_page: 20 }),
    ),
    http.get('*/api/planner/users', () => HttpResponse.json([ME])),
    http.get('*/api/mail-models', () =>
      HttpResponse.json({ data: [], total: 0, current_page: 1, last_page: 1, per_page: 100 }),
    ),
    http.post('*/api/planner/templates', async ({ request }) => {
      const body = (await request.json()) as TAppointmentTemplateInput;
      posts.push(body);
      if (refuse) return HttpResponse.json(refuse, { status: 422 });
      return HttpResponse.json(
        { ...ITEM, ...body, id: 5, interviewers: [ME] } as unknown as TAppointmentTemplate,
        { status: 201 },
      );
    }),
  );
  return posts;
}

describe('appointment templates (config)', () => {
  it('lists the templates and creates one with office hours on the chosen zone', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    const posts = useTemplatesApi();
    renderApp('/config/appointment-template');
    expect(await screen.findByText('Entretien RH')).toBeVisible();
    expect(screen.getByText('45 minutes')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Modifier Entretien RH' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau modèle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau modèle de rendez-vous' });
    await userEvent.type(within(dialog).getByLabelText(/^Nom/), 'Entretien technique');
    expect(within(dialog).getByRole('checkbox', { name: 'Camille Martin' })).toBeChecked();
    // Saturday has no hours; Monday 9:00–12:00 then 14:00–18:00, changed from the keyboard.
    expect(within(dialog).getAllByText('Indisponible').length).toBeGreaterThanOrEqual(2);
    const mondayEnd = within(dialog).getByRole('textbox', { name: 'Lundi, plage 2 : fin' });
    await userEvent.clear(mondayEnd);
    await userEvent.type(mondayEnd, '17:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une exception' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // An exception without its date is named on its field, nothing sent.
    expect(await within(dialog).findByText('Saisissez une date valide.')).toBeVisible();
    expect(posts).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /Retirer l'exception/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      name: 'Entretien technique',
      duration_minutes: 30,
      interviewer_ids: [7],
      availability_mode: 'shared',
      weekly_hours: {
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '14:00', end: '17:30' },
        ],
        sat: [],
      },
      mail_models: { invitation: null, reminder: null, change: null, cancellation: null },
    });
  });

  it('puts the server’s refusals on their fields', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    useTemplatesApi({
      message: 'invalid',
      errors: { interviewer_ids: ['unknown_user'], 'weekly_hours.tue.0.end': ['invalid'] },
    });
    renderApp('/config/appointment-template');
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau modèle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau modèle de rendez-vous' });
    await userEvent.type(within(dialog).getByLabelText(/^Nom/), 'Entretien');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Certains champs sont à corriger.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Mardi, plage 1 : fin' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
