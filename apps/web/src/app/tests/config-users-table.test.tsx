import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TUser } from '@embauche/contracts/users';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const LONG_EMAIL = 'marie-christine.delacroix-beaumont@agences-valmont-ile-de-france.example.com';

function user(overrides: Partial<TUser>): TUser {
  return {
    id: 11, firstname: 'Julien', lastname: 'Morel', email: 'julien.morel@example.com', img_src: null, language: 'fr', active: true,
    role_id: 3, role: { id: 3, name: 'Recruteur' }, subsidiary_id: null, subsidiary: null, groups: [], last_login_at: null,
    created_at: '2026-01-02T10:00:00.000Z', ...overrides,
  };
}

/**
 * jsdom has no layout: a line is "cut" when its text is longer than 30 characters (as a 1366 px
 * screen cuts the users table's name column).
 */
function useColumnWidth() {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return (this.textContent ?? '').length * 8;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 240);
}

afterEach(() => vi.restoreAllMocks());

describe('users table at 1366 px', () => {
  it('cuts a long e-mail to its column and shows it whole on focus and on hover; a short one stays as it is', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, !/max-width/.test(query)));
    useColumnWidth();
    signIn(makeMe(ADMIN_PERMISSIONS));
    server.use(
      http.get('*/api/users/choices', () => HttpResponse.json({ roles: [], groups: [], subsidiaries: [] })),
      http.get('*/api/users', () =>
        HttpResponse.json({
          data: [user({ id: 12, firstname: 'Marie-Christine', lastname: 'Delacroix-Beaumont', email: LONG_EMAIL }), user({})],
          current_page: 1, last_page: 1, per_page: 20, total: 2,
        }),
      ),
    );
    renderApp('/config/users/list');
    const table = await screen.findByRole('table', { name: 'Utilisateurs' }, { timeout: 5000 });
    const long = within(table).getByText(LONG_EMAIL);
    const short = within(table).getByText('julien.morel@example.com');
    // The whole value stays in the page (screen readers, search); only the cut one takes the focus.
    expect(long).toHaveAttribute('tabindex', '0');
    expect(short).not.toHaveAttribute('tabindex');

    // Keyboard: Tab reaches the cut e-mail, whose whole value shows.
    act(() => long.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_EMAIL);
    act(() => long.blur());
    // Pointer: hovering shows it too.
    await userEvent.hover(within(table).getByText('Marie-Christine Delacroix-Beaumont'));
    expect(await screen.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent('Marie-Christine Delacroix-Beaumont');
    // The short one never has a tooltip.
    await userEvent.unhover(within(table).getByText('Marie-Christine Delacroix-Beaumont'));
    await userEvent.hover(short);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(screen.queryByRole('tooltip', { name: 'julien.morel@example.com' })).toBeNull();
  });
});
