import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../../test/test-i18n.ts';

// pdf.js itself does not run in jsdom: a one-page A4 document (595 × 842 points) stands in for it.
vi.mock('pdfjs-dist', () => {
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale, scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
    streamTextContent: () => new ReadableStream(),
  };
  return {
    GlobalWorkerOptions: {},
    getDocument: () => ({ promise: Promise.resolve({ numPages: 1, getPage: () => Promise.resolve(page) }), destroy: () => undefined }),
    TextLayer: class {
      render() {
        return Promise.resolve();
      }
      cancel() {}
    },
  };
});
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.js' }));

const { default: PdfViewer, fitScale, zoomPercent } = await import('./pdf-viewer.tsx');

/** jsdom lays nothing out: the frame's width is what this says, and its ResizeObserver fires on demand. */
let frameWidth = 600;
let resize: (() => void) | null = null;

beforeEach(() => {
  frameWidth = 600;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('aria-label') === 'Document PDF' ? frameWidth : 0;
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resize = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resize = null;
});

function renderViewer() {
  const i18n = createTestI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <PdfViewer url="/cv.pdf" filename="cv.pdf" label="CV de Zoé Robert" />
    </I18nextProvider>,
  );
}

const pageWidth = () => parseFloat((screen.getByRole('img', { name: 'Page 1' }) as HTMLCanvasElement).style.width);

describe('PDF viewer (issue 35 item 4)', () => {
  it('computes the fitting scale and shows zoom against the printed size', () => {
    expect(fitScale(597, 595)).toBe(1);
    expect(zoomPercent(96 / 72)).toBe(100);
    expect(zoomPercent(1)).toBe(75);
  });

  it('opens fitted to the frame width, says so, and fits again when the frame changes size', async () => {
    renderViewer();
    await waitFor(() => expect(pageWidth()).toBe(598));
    const fit = screen.getByRole('button', { name: 'Ajuster à la largeur' });
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    // 598 px for 595 points is about 75 % of the printed size, not a made-up "100 %".
    // The percentage follows once the page is drawn (the canvas is sized first).
    expect(await screen.findByText('75 %')).toBeInTheDocument();

    // A phone turned upright: the frame narrows, the page follows.
    frameWidth = 340;
    act(() => resize?.());
    await waitFor(() => expect(pageWidth()).toBe(338));
    expect(await screen.findByText('43 %')).toBeInTheDocument();
  });

  it('zooms from the fitted size, stays at that size on resize, and fits again on demand', async () => {
    renderViewer();
    await waitFor(() => expect(pageWidth()).toBe(598));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom avant' }));
    await waitFor(() => expect(pageWidth()).toBe(Math.floor(595 * 1.26)));
    const fit = screen.getByRole('button', { name: 'Ajuster à la largeur' });
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    frameWidth = 400;
    act(() => resize?.());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageWidth()).toBe(Math.floor(595 * 1.26));
    await userEvent.click(fit);
    await waitFor(() => expect(pageWidth()).toBe(398));
  });
});
