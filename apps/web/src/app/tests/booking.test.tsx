import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TBookingView, TFreeSlots } from '@embauche/contracts/planner';
import { browserTimeZone, formatDate } from '../../lib/dates.ts';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const TOKEN = 'bk_tokenTOKENtoken0123456789abcdefghijklmno';
const SLOTS: TFreeSlots = {
  time_zone: 'Europe/Paris',
  duration_minutes: 30,
  slots: [
    { start_at: '2030-03-04T08:00:00.000Z', end_at: '2030-03-04T08:30:00.000Z' },
    { start_at: '2030-03-04T08:30:00.000Z', end_at: '2030-03-04T09:00:00.000Z' },
    { start_at: '2030-03-05T13:00:00.000Z', end_at: '2030-03-05T13:30:00.000Z' },
  ],
};

function makeView(overrides: Partial<TBookingView> = {}): TBookingView {
  return {
    company: { name: 'Groupe Valmont', logo_src: null },
    language: 'fr',
    candidate: { firstname: 'Léa' },
    template: {
      name: 'Entretien RH',
      duration_minutes: 30,
      location_kind: 'video',
      location: 'https://visio.example/abc',
      time_zone: 'Europe/Paris',
    },
    offer_title: 'Développeuse React',
    appointment: null,
    can_change: true,
    expires_at: '2030-04-01T00:00:00.000Z',
    ...overrides,
  };
}

type Calls = { method: string; body: unknown }[];

/** The public booking routes of one token; `book` answers the POST/PUT. */
function useBookingApi(
  view: TBookingView | { status: number; body: object },
  book?: (body: { start_at: string }) => Response,
) {
  const calls: Calls = [];
  let current = view;
  const base = `*/api/booking/${TOKEN}`;
  server.use(
    http.get(base, () =>
      'status' in current && typeof current.status === 'number'
        ? HttpResponse.json(current.body, { status: current.status })
        : HttpResponse.json(current),
    ),
    http.get(`${base}/slots`, () => HttpResponse.json(SLOTS)),
    http.post(base, async ({ request }) => {
      const body = (await request.json()) as { start_at: string };
      calls.push({ method: 'POST', body });
      if (book) return book(body);
      current = makeView({
        appointment: { start_at: body.start_at, end_at: '2030-03-04T08:30:00.000Z' },
      });
      return HttpResponse.json(current, { status: 201 });
    }),
    http.put(base, async ({ request }) => {
      const body = (await request.json()) as { start_at: string };
      calls.push({ method: 'PUT', body });
      current = makeView({
        appointment: { start_at: body.start_at, end_at: '2030-03-05T13:30:00.000Z' },
      });
      return HttpResponse.json(current);
    }),
    http.delete(base, () => {
      calls.push({ method: 'DELETE', body: null });
      current = makeView();
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

const zone = browserTimeZone();
const time = (iso: string) => formatDate(iso, 'time', 'fr', { timeZone: zone });

describe('public booking page', () => {
  it('shows the free slots by day and books the chosen one', async () => {
    const calls = useBookingApi(makeView());
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Bonjour Léa, choisissez votre créneau',
      }),
    ).toBeVisible();
    expect(screen.getByText('Entretien RH · Développeuse React')).toBeVisible();
    expect(screen.getByText('30 minutes')).toBeVisible();
    const first = await screen.findByRole('button', {
      name: new RegExp(`à ${time(SLOTS.slots[0]!.start_at)}$`),
    });
    expect(screen.getByRole('button', { name: 'Confirmer le rendez-vous' })).toBeDisabled();
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    expect(
      await screen.findByRole('heading', { name: 'Votre rendez-vous est confirmé' }),
    ).toBeVisible();
    expect(calls).toEqual([{ method: 'POST', body: { start_at: SLOTS.slots[0]!.start_at } }]);
    expect(screen.getByRole('link', { name: 'Rejoindre la visioconférence' })).toHaveAttribute(
      'href',
      'https://visio.example/abc',
    );
  });

  it('opens in the applicant’s language', async () => {
    useBookingApi(makeView({ language: 'en' }));
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello Léa, choose your time slot' }),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Available time slots' })).toBeVisible();
  });

  it('says when the slot was just taken (409) and keeps the page usable', async () => {
    useBookingApi(makeView(), () =>
      HttpResponse.json({ message: 'taken', code: 'slot_taken' }, { status: 409 }),
    );
    renderApp(`/booking/${TOKEN}`);
    await userEvent.click(
      await screen.findByRole('button', {
        name: new RegExp(`à ${time(SLOTS.slots[1]!.start_at)}$`),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le rendez-vous' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Ce créneau vient d'être pris par quelqu'un d'autre. Choisissez-en un autre.",
    );
    expect(screen.getByRole('button', { name: 'Confirmer le rendez-vous' })).toBeDisabled();
  });

  it('reschedules and cancels through the same link', async () => {
    const calls = useBookingApi(
      makeView({
        appointment: { start_at: SLOTS.slots[0]!.start_at, end_at: SLOTS.slots[0]!.end_at },
      }),
    );
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Votre rendez-vous est confirmé' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Changer de créneau' }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: new RegExp(`à ${time(SLOTS.slots[2]!.start_at)}$`),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer le nouveau créneau' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PUT', body: { start_at: SLOTS.slots[2]!.start_at } }]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler le rendez-vous' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Annuler le rendez-vous ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler le rendez-vous' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE', body: null }));
    expect(await screen.findByRole('heading', { name: 'Créneaux disponibles' })).toBeVisible();
  });

  it('says that an expired link no longer works (410)', async () => {
    useBookingApi({ status: 410, body: { message: 'expired', code: 'booking_expired' } });
    renderApp(`/booking/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ce lien a expiré' }),
    ).toBeVisible();
  });
});
