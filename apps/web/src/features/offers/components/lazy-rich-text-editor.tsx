import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The editor's code loads only when a description is edited. */
export function LazyRichTextEditor(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense fallback={<Spinner className="min-h-48 px-3 py-2" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
