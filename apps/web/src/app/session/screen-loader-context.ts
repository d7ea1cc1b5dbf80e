import { createContext } from 'react';

/**
 * Loads the code of the page at a path (route-modules.ts `loadScreen`, provided by the route
 * table). Guards that send the user on wait for it; without a provider nothing is waited for.
 */
const RESOLVED = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

export const ScreenLoaderContext = createContext<(pathname: string) => Promise<unknown>>(() => RESOLVED);
