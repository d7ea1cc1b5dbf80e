import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PdfViewerProps } from './pdf-viewer.tsx';

const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/** pdf.js and its worker load only when a PDF CV is shown. */
export function LazyPdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<Spinner className="min-h-48 px-3 py-2" />}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
