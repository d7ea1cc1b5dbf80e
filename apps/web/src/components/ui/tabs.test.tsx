import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

/** jsdom has no layout: a 5,000 px page whose window moves where the root's scrollTop says. */
function useWindow() {
  let y = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(document.documentElement, 'scrollTop', { configurable: true, get: () => y, set: (top: number) => (y = top) });
  return { scrollTo: (to: number) => (y = to) };
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'scrollY');
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  Reflect.deleteProperty(document.documentElement, 'scrollTop');
});

function Page({ controlled }: { controlled: boolean }) {
  const [value, setValue] = useState('details');
  const props = controlled ? { value, onValueChange: setValue } : { defaultValue: 'details' };
  return (
    <Tabs {...props}>
      <TabsList aria-label="Offre">
        <TabsTrigger value="details">Détails</TabsTrigger>
        <TabsTrigger value="applications">Candidatures</TabsTrigger>
      </TabsList>
      <TabsContent value="details">Les détails</TabsContent>
      <TabsContent value="applications">Les candidatures</TabsContent>
    </Tabs>
  );
}

describe('page tabs', () => {
  it.each([true, false])('keep their own scroll position (controlled: %s)', async (controlled) => {
    const window = useWindow();
    render(<Page controlled={controlled} />);
    window.scrollTo(900);
    // A tab opened for the first time: the window stays (the tab list just pressed stays in view).
    await userEvent.click(screen.getByRole('tab', { name: 'Candidatures' }));
    expect(screen.getByText('Les candidatures')).toBeVisible();
    expect(globalThis.window.scrollY).toBe(900);
    window.scrollTo(2400);
    // Back to the details: where they were left; then the applications: where they were left.
    await userEvent.click(screen.getByRole('tab', { name: 'Détails' }));
    expect(globalThis.window.scrollY).toBe(900);
    await userEvent.click(screen.getByRole('tab', { name: 'Candidatures' }));
    expect(globalThis.window.scrollY).toBe(2400);
  });
});
