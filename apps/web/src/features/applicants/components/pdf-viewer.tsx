import { useEffect, useRef, useState, type RefObject } from 'react';
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ChevronLeft, ChevronRight, Download, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import './pdf-viewer.css';

// The worker comes from our own bundle (same origin), so the CSP's script-src 'self' covers it.
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfViewerProps = {
  url: string;
  filename: string;
  /** Names the viewer region ("CV of …"). */
  label: string;
};

/** pdf.js draws 1 point as 1 CSS pixel at scale 1; a page at its printed size (what readers call 100 %) is 96/72 that. */
const ACTUAL_SIZE = 96 / 72;
const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
/** The frame's border, left and right. */
const FRAME_BORDERS = 2;

/** The scale that makes a page `pageWidth` points wide fill a frame `frameWidth` pixels wide. */
export function fitScale(frameWidth: number, pageWidth: number): number {
  return Math.max(0.1, (frameWidth - FRAME_BORDERS) / pageWidth);
}

/** The zoom shown to the reader: the page's size against its printed size. */
export function zoomPercent(scale: number): number {
  return Math.round((scale / ACTUAL_SIZE) * 100);
}

/** The frame's inner width, followed through resizes and rotations (0 until laid out). */
function useFrameWidth(frame: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => {
      const next = Math.round(node.clientWidth);
      // A hidden frame (a closed tab) measures 0: the page keeps its size until it shows again.
      if (next > 0) setWidth((current) => (current === next ? current : next));
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    window.addEventListener('resize', measure);
    window.addEventListener('orientationchange', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('orientationchange', measure);
    };
  }, [frame]);
  return width;
}

/**
 * pdf.js on a canvas with a text layer above it (selectable, findable), one page at a time. The page
 * opens fitted to the frame's width and fits again when the frame changes size (a resize, a phone
 * turned); zooming in or out leaves that mode for a fixed size until "fit width" is chosen again.
 */
export default function PdfViewer({ url, filename, label }: PdfViewerProps) {
  const { t } = useTranslation('pdfReader');
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  /** The page's scale, or null while it follows the frame's width. */
  const [zoom, setZoom] = useState<number | null>(null);
  /** The scale last drawn: what zooming in or out starts from, and what the toolbar shows. */
  const [drawnScale, setDrawnScale] = useState<number | null>(null);
  const [rendered, setRendered] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const frameWidth = useFrameWidth(frame);
  // In fit mode each width is a new drawing; at a fixed zoom the width changes nothing.
  const fitWidth = zoom === null ? frameWidth : 0;
  const drawing = `${page}@${zoom ?? `fit${fitWidth}`}`;
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);

  // The caller keys this component by URL, so a new file starts from a fresh state.
  useEffect(() => {
    // No eval: the CSP has no 'unsafe-eval', and pdf.js then draws glyphs without compiled functions.
    const task = getDocument({ url, isEvalSupported: false, withCredentials: true });
    task.promise.then(setDoc, () => setFailed(true));
    return () => void task.destroy();
  }, [url]);

  useEffect(() => {
    if (!doc || !canvas.current || !textLayer.current || !frame.current) return;
    if (zoom === null && fitWidth === 0) return;
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled || !canvas.current || !textLayer.current || !frame.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const scale = zoom ?? fitScale(fitWidth, natural.width);
        const viewport = pdfPage.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        const element = canvas.current;
        element.width = Math.floor(viewport.width * ratio);
        element.height = Math.floor(viewport.height * ratio);
        element.style.width = `${Math.floor(viewport.width)}px`;
        element.style.height = `${Math.floor(viewport.height)}px`;
        const context = element.getContext('2d');
        if (!context) return;
        const render = pdfPage.render({
          canvasContext: context,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        cleanups.push(() => render.cancel());
        const layer = textLayer.current;
        layer.replaceChildren();
        layer.style.setProperty('--scale-factor', String(viewport.scale));
        const text = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container: layer, viewport });
        cleanups.push(() => text.cancel());
        await Promise.all([render.promise, text.render()]);
        if (!cancelled) {
          setDrawnScale(scale);
          setRendered(`${page}@${zoom ?? `fit${fitWidth}`}`);
        }
      } catch (error) {
        if (!cancelled && (error as { name?: string }).name !== 'RenderingCancelledException') setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
    };
  }, [doc, page, zoom, fitWidth]);

  const pages = doc?.numPages ?? 0;
  const scale = zoom ?? drawnScale;
  const changeZoom = (factor: number) => {
    if (scale === null) return;
    setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(scale * factor * 100) / 100)));
  };

  return (
    <section aria-label={label} className="flex flex-col gap-2">
      <div
        role="toolbar"
        aria-label={t('pdfReader:toolbar')}
        className="flex flex-wrap items-center gap-0.5 rounded-lg border border-slate-200 bg-slate-50 p-1 sm:gap-1 max-sm:[&_a]:size-8 max-sm:[&_button]:size-8"
      >
        <Button variant="ghost" size="icon" aria-label={t('pdfReader:previous_page')} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <span aria-live="polite" className="min-w-10 text-center text-sm tabular-nums text-slate-700">
          <span aria-hidden="true">{pages ? `${page} / ${pages}` : '…'}</span>
          <span className="sr-only">{pages ? t('pdfReader:page_of', { page, total: pages }) : null}</span>
        </span>
        <Button variant="ghost" size="icon" aria-label={t('pdfReader:next_page')} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
        <span className="mx-1 h-5 w-px bg-slate-300 max-sm:hidden" aria-hidden="true" />
        <Button variant="ghost" size="icon" aria-label={t('pdfReader:zoom_out')} disabled={scale === null || scale <= MIN_SCALE} onClick={() => changeZoom(1 / 1.25)}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <span className="min-w-10 text-center text-sm tabular-nums text-slate-700" aria-live="polite">
          {scale === null ? '…' : t('pdfReader:zoom_value', { percent: zoomPercent(scale) })}
        </span>
        <Button variant="ghost" size="icon" aria-label={t('pdfReader:zoom_in')} disabled={scale === null || scale >= MAX_SCALE} onClick={() => changeZoom(1.25)}>
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={t('pdfReader:fit_width')} title={t('pdfReader:fit_width')} aria-pressed={zoom === null} onClick={() => setZoom(null)}>
          <Maximize2 aria-hidden="true" />
        </Button>
        <a
          href={url}
          download={filename}
          aria-label={t('pdfReader:download_file', { filename })}
          title={t('pdfReader:download_file', { filename })}
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'ml-auto' })}
        >
          <Download aria-hidden="true" />
        </a>
      </div>
      {/* Scrollable when zoomed in: focusable so that the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={frame} tabIndex={0} role="region" aria-label={t('pdfReader:document')} className="relative max-h-[80vh] overflow-auto rounded-lg border border-slate-200 bg-slate-100 [scrollbar-gutter:stable]">
        {failed ? (
          <p role="alert" className="p-6 text-sm text-slate-700">
            {t('pdfReader:error')}
          </p>
        ) : (
          <div className="pdf-page relative mx-auto w-fit bg-white shadow-sm">
            <canvas ref={canvas} role="img" aria-label={t('pdfReader:page_image', { page })} className="block" />
            <div ref={textLayer} className="textLayer" />
            {rendered !== drawing ? <Spinner className="absolute left-1/2 top-8 -translate-x-1/2" label={t('pdfReader:loading')} /> : null}
          </div>
        )}
      </div>
    </section>
  );
}
