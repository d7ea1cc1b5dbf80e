import { useEffect } from 'react';

export const APP_NAME = 'Embauche';

/** Sets the browser tab title to "Embauche - <title>". */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${APP_NAME} - ${title}` : APP_NAME;
  }, [title]);
}
