import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.templates', 'config.images_bank', 'config.custom_fields'];
const empty = { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 };

/** A list call that fails until `ok` is set, then answers `body`. */
function failingOnce(path: string, body: JsonBodyType) {
  const state = { ok: false };
  server.use(http.get(path, () => (state.ok ? HttpResponse.json(body) : HttpResponse.json({ message: 'boom' }, { status: 500 }))));
  return state;
}

/** The configuration lists of templates, images and custom fields share the list states (components/paged-list-states.tsx). */
describe('configuration lists: error with a retry, then empty', () => {
  it.each([
    ['/config/joboffers/templates', '*/api/offer-templates', empty, 'Les données n’ont pas pu être chargées.', 'Aucun modèle pour l’instant.'],
    ['/config/joboffers/image-bank', '*/api/offer-images', empty, 'Les données n’ont pas pu être chargées.', 'Aucune image pour l’instant.'],
    ['/config/custom-fields', '*/api/custom-fields', [], 'Les champs n’ont pas pu être chargés.', 'Aucun champ personnalisé pour l’instant.'],
  ])('%s', async (route, path, body, error, emptyTitle) => {
    signIn(makeMe(PERMISSIONS));
    const state = failingOnce(path, body);
    renderApp(route);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText(error)).toBeVisible();
    state.ok = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: emptyTitle })).toBeVisible();
  }, 20_000);
});
