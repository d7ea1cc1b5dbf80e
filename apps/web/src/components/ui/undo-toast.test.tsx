import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { mediaQueryList } from '../../test/media-query-list.ts';
import { createTestI18n } from '../../test/test-i18n.ts';
import { SidebarProvider } from './sidebar-provider.tsx';
import { showUndoToast, UNDO_TOAST_MS, UndoToaster } from './undo-toast.tsx';

// sonner captures the pointer on a press (swipe to close); jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};

function renderToaster() {
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <SidebarProvider>
        <UndoToaster />
      </SidebarProvider>
    </I18nextProvider>,
  );
}

function show(onUndo = vi.fn()) {
  act(() => showUndoToast({ message: 'Alice Durand est maintenant « Entretien ».', undoLabel: 'Annuler', onUndo }));
  return onUndo;
}

const toastText = () => screen.queryByText('Alice Durand est maintenant « Entretien ».');
/** Time passes (sonner's exit animation included). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  act(() => void toast.dismiss());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('undo toasts', () => {
  it('close after 3 s as every toast', async () => {
    renderToaster();
    show();
    expect(await screen.findByText('Alice Durand est maintenant « Entretien ».')).toBeVisible();
    await wait(UNDO_TOAST_MS - 500);
    expect(toastText()).not.toBeNull();
    await wait(1_000);
    await waitFor(() => expect(toastText()).toBeNull());
  });

  it('stay while hovered, and while the focus is in them', async () => {
    renderToaster();
    show();
    const text = await screen.findByText('Alice Durand est maintenant « Entretien ».');
    const body = text.closest('[data-undo-toast]') as HTMLElement;
    fireEvent.mouseEnter(body);
    await wait(10_000);
    expect(toastText()).not.toBeNull();
    fireEvent.mouseLeave(body);
    act(() => screen.getByRole('button', { name: 'Annuler' }).focus());
    await wait(10_000);
    expect(toastText()).not.toBeNull();
    // Once the focus leaves, the 3 s start again.
    act(() => screen.getByRole('button', { name: 'Annuler' }).blur());
    await wait(UNDO_TOAST_MS + 1_000);
    await waitFor(() => expect(toastText()).toBeNull());
  });

  it('undo once and close, or close on their button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderToaster();
    const onUndo = show();
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toastText()).toBeNull());
    show();
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(toastText()).toBeNull());
  });

  it('sit in the open sidebar’s empty lower part on a laptop, over the header on a phone', async () => {
    const laptop = renderToaster();
    show();
    await screen.findByText('Alice Durand est maintenant « Entretien ».');
    const toaster = () => document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster()).toHaveAttribute('data-x-position', 'left');
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster()?.style.getPropertyValue('--width')).toBe('14.5rem');
    laptop.unmount();
    act(() => void toast.dismiss());

    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, /max-width/.test(query)));
    renderToaster();
    show();
    await screen.findByText('Alice Durand est maintenant « Entretien ».');
    expect(toaster()).toHaveAttribute('data-x-position', 'center');
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
  });
});
