import { lazy, useState, type ComponentType } from 'react';

/** A module loader that remembers the module once it has arrived. */
export type ModuleLoader<M> = (() => Promise<M>) & { loaded(): M | undefined };

export function moduleLoader<M>(load: () => Promise<M>): ModuleLoader<M> {
  let module: M | undefined;
  return Object.assign(() => load().then((loaded) => (module = loaded)), { loaded: () => module });
}

/**
 * A screen whose code is downloaded the first time it renders (React.lazy over a named export);
 * the Suspense boundaries of the providers and of the main layout show the loading state meanwhile.
 * A screen whose code has already arrived (preloaded with the page, see route-modules.ts) renders
 * at once: no loading state, no extra render.
 */
export function lazyRoute<M, P extends object>(load: ModuleLoader<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  return function Screen(props: P) {
    // Decided once per mount: switching from Lazy to the component later would remount the screen.
    const [module] = useState(load.loaded);
    const Component = module ? pick(module) : Lazy;
    return <Component {...props} />;
  };
}
