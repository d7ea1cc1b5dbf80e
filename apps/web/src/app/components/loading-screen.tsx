import { LoaderCircle } from 'lucide-react';

/** Shown while translations load, so it carries no text of its own. */
export function LoadingScreen() {
  return (
    <div aria-busy="true" className="flex min-h-[60vh] items-center justify-center text-slate-500">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
    </div>
  );
}
