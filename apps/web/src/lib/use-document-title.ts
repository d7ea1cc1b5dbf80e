import { useLayoutEffect } from 'react';

export const APP_NAME = 'Embauche';

/**
 * Sets the browser tab title to "Embauche - <title>", in the same commit as the page that shows
 * the title (a layout effect): the tab and the heading never disagree, even for a moment.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useLayoutEffect(() => {
    document.title = title ? `${APP_NAME} - ${title}` : APP_NAME;
  }, [title]);
}
