import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyRoute, moduleLoader } from './lazy-route.tsx';

const screenModule = { Greeting: ({ name }: { name: string }) => <p>Bonjour {name}</p> };

describe('lazy routes', () => {
  it('loads a screen on first render, behind the Suspense fallback', async () => {
    const load = moduleLoader(async () => screenModule);
    const Greeting = lazyRoute(load, (module) => module.Greeting);
    render(<Suspense fallback={<p>Chargement</p>}><Greeting name="Camille" /></Suspense>);
    expect(screen.getByText('Chargement')).toBeInTheDocument();
    expect(await screen.findByText('Bonjour Camille')).toBeInTheDocument();
    expect(load.loaded()).toBe(screenModule);
  });

  it('renders a screen whose code already arrived at once, without the fallback', async () => {
    const load = moduleLoader(async () => screenModule);
    const Greeting = lazyRoute(load, (module) => module.Greeting);
    await load();
    render(<Suspense fallback={<p>Chargement</p>}><Greeting name="Camille" /></Suspense>);
    expect(screen.getByText('Bonjour Camille')).toBeInTheDocument();
    expect(screen.queryByText('Chargement')).not.toBeInTheDocument();
  });
});
