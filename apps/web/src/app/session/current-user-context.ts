import { createContext } from 'react';
import type { TMe } from '@embauche/contracts/auth';

/** Filled by <RequireAuth> once the user is loaded, so pages never see a half-signed-out state. */
export const CurrentUserContext = createContext<TMe | null>(null);
