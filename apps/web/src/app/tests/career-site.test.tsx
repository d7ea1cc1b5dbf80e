import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCareerSite, TCareerSiteForm } from '@embauche/contracts/career-site';
import type { TOfferImage } from '@embauche/contracts/offer-settings';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.settings_sc'];

const SITE: TCareerSite = {
  slug: 'acme',
  url: '/careers/acme',
  previous_slugs: [],
  logo_src: '/api/company/logo?v=1',
  show_logo: true,
  primary_color: '#1d4ed8',
  accent_color: '#b45309',
  cover_image_id: null,
  cover_image: null,
  languages: ['fr'],
  introductions: { fr: 'Bienvenue.', en: '', es: '', de: '' },
  offer_fields: ['contract_type', 'location'],
  privacy_notices: {
    fr: {
      text: 'Vos données servent au recrutement.',
      version: 2,
      created_at: '2026-11-20T10:00:00.000Z',
    },
    en: null,
    es: null,
    de: null,
  },
  talent_community: false,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const IMAGE: TOfferImage = {
  id: 31,
  filename: 'atelier.jpg',
  mime: 'image/jpeg',
  size: 1000,
  width: 640,
  height: 320,
  thumb_width: 320,
  thumb_height: 160,
  url: '/api/offer-images/31/file',
  thumbnail_url: '/api/offer-images/31/thumbnail',
  offer_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
};

/** The settings API: a PUT answers 422 for a taken slug, else echoes the body as saved. */
function useCareerSiteApi() {
  const bodies: TCareerSiteForm[] = [];
  let mePuts = 0;
  server.use(
    http.get('*/api/config/career-site', () => HttpResponse.json(SITE)),
    http.get('*/api/offer-images/choices', () =>
      HttpResponse.json({ data: [IMAGE], current_page: 1, last_page: 1, per_page: 100, total: 1 }),
    ),
    http.put('*/api/config/career-site', async ({ request }) => {
      const body = (await request.json()) as TCareerSiteForm;
      bodies.push(body);
      if (body.slug === 'pris')
        return HttpResponse.json(
          { message: 'invalid', code: 'validation_failed', errors: { slug: ['not_unique'] } },
          { status: 422 },
        );
      mePuts += 1;
      return HttpResponse.json({
        ...SITE,
        ...body,
        url: `/careers/${body.slug}`,
        previous_slugs: body.slug === SITE.slug ? [] : [SITE.slug],
        cover_image: body.cover_image_id
          ? { id: IMAGE.id, filename: IMAGE.filename, thumbnail_url: IMAGE.thumbnail_url }
          : null,
        introductions: { ...SITE.introductions, ...body.introductions },
        privacy_notices: {
          ...SITE.privacy_notices,
          en: body.privacy_notices.en
            ? { text: body.privacy_notices.en, version: 1, created_at: '2026-11-29T10:00:00.000Z' }
            : null,
        },
      });
    }),
  );
  return { bodies, saves: () => mePuts };
}

describe('config career-site', () => {
  it('saves the address, colours, cover, languages, texts, fields and community', async () => {
    signIn(makeMe(PERMISSIONS));
    const api = useCareerSiteApi();
    renderApp('/config/career-site');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Site carrière' }, { timeout: 5000 }),
    ).toBeVisible();
    const slug = await screen.findByRole('textbox', { name: "Identifiant de l'adresse" });
    expect(screen.getByRole('img', { name: "Logo de l'entreprise" })).toHaveAttribute(
      'src',
      '/api/company/logo?v=1',
    );
    expect(screen.getByText(/Version 2 du 20\/11\/2026/)).toBeVisible();

    await userEvent.clear(slug);
    await userEvent.type(slug, 'Acme-Recrute');
    const primary = screen.getByRole('textbox', { name: 'Couleur principale' });
    await userEvent.clear(primary);
    await userEvent.type(primary, '#7c2d12');
    expect(screen.getByText(/Contraste avec le blanc : 9\.\d:1, lisible/)).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'atelier.jpg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Anglais' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Introduction (Anglais)' }),
      'Welcome.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Salaire' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Ouvrir la communauté de talents' }),
    );

    // The English privacy notice is required once English is offered.
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const notice = screen.getByRole('textbox', { name: 'Notice de confidentialité (Anglais)' });
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    expect(notice).toHaveAccessibleDescription(/Ce champ est obligatoire/);
    expect(api.bodies).toHaveLength(0);

    await userEvent.type(notice, 'Your data serves hiring.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Site carrière enregistré.')).toBeVisible();
    expect(api.bodies[0]).toEqual({
      slug: 'acme-recrute',
      show_logo: true,
      primary_color: '#7c2d12',
      accent_color: '#b45309',
      cover_image_id: 31,
      languages: ['fr', 'en'],
      introductions: { fr: 'Bienvenue.', en: 'Welcome.', es: '', de: '' },
      offer_fields: ['contract_type', 'location', 'salary'],
      privacy_notices: {
        fr: 'Vos données servent au recrutement.',
        en: 'Your data serves hiring.',
        es: '',
        de: '',
      },
      talent_community: true,
    });
    expect(
      await screen.findByText('Anciennes adresses, qui mènent toujours à votre site : acme'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ouvrir le site carrière' })).toHaveAttribute(
      'href',
      '/careers/acme-recrute',
    );
  });

  it('explains a low contrast and a taken slug', async () => {
    signIn(makeMe(PERMISSIONS));
    const api = useCareerSiteApi();
    renderApp('/config/career-site');
    const accent = await screen.findByRole(
      'textbox',
      { name: "Couleur d'accent" },
      { timeout: 5000 },
    );
    await userEvent.clear(accent);
    await userEvent.type(accent, '#fde047');
    expect(screen.getByText(/moins de 4.5:1 : trop clair/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(accent).toHaveAccessibleDescription(/trop claire/);
    expect(api.bodies).toHaveLength(0);

    await userEvent.clear(accent);
    await userEvent.type(accent, '#b45309');
    const slug = screen.getByRole('textbox', { name: "Identifiant de l'adresse" });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'pris');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for one language at least, and saves no offer field but the title and description', async () => {
    signIn(makeMe(PERMISSIONS));
    const api = useCareerSiteApi();
    renderApp('/config/career-site');
    const french = await screen.findByRole('checkbox', { name: 'Français' }, { timeout: 5000 });
    await userEvent.click(french);
    expect(
      screen.queryByRole('textbox', { name: 'Introduction (Français)' }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      within(screen.getByRole('group', { name: 'Langues proposées' })).getByText(
        'Ce champ est obligatoire.',
      ),
    ).toBeVisible();
    expect(api.bodies).toHaveLength(0);
    await userEvent.click(french);
    for (const name of ['Type de contrat', 'Lieu'])
      await userEvent.click(screen.getByRole('checkbox', { name }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Site carrière enregistré.')).toBeVisible();
    expect(api.bodies[0]).toMatchObject({ languages: ['fr'], offer_fields: [] });
  });

  it('is in the config menu only with config.settings_sc, and reads in English', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS, { language: 'en' }));
    useCareerSiteApi();
    const first = renderApp('/config/career-site', { lng: 'en' });
    expect(await screen.findByRole('heading', { level: 2 }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Address name' })).not.toBeInTheDocument();
    first.unmount();

    signIn(makeMe(PERMISSIONS, { language: 'en' }));
    renderApp('/config/career-site', { lng: 'en' });
    const menu = await screen.findByRole(
      'navigation',
      { name: 'Settings menu' },
      { timeout: 5000 },
    );
    expect(within(menu).getByRole('link', { name: 'Career site' })).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Address name' })).toHaveValue('acme');
    expect(screen.getByRole('group', { name: 'Logo and colours' })).toBeVisible();
    expect(await screen.findByRole('radiogroup', { name: 'Cover image' })).toBeVisible();
  });
});
