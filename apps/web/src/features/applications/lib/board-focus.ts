import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';

/**
 * After a card changes column (drop, keyboard or menu), the card is drawn again in its new column
 * and the old node, which had the focus, is gone. The board remembers which card to focus for a
 * short while; the card takes the focus back whenever it is lost to the page (never from elsewhere).
 */
export type BoardFocus = {
  request: (applicationId: number) => void;
  wanted: (applicationId: number) => boolean;
  /** The card asked for, while the request lasts (a virtualised column scrolls it into view to draw it). */
  requested: () => number | null;
};

const FOCUS_WINDOW_MS = 4000;

export function createBoardFocus(): BoardFocus {
  let pending: { id: number; until: number } | null = null;
  return {
    request: (id) => {
      pending = { id, until: Date.now() + FOCUS_WINDOW_MS };
    },
    wanted: (id) => pending !== null && pending.id === id && Date.now() < pending.until,
    requested: () => (pending !== null && Date.now() < pending.until ? pending.id : null),
  };
}

export const BoardFocusContext = createContext<BoardFocus | null>(null);

/** Puts the focus on `target` when the board asked for this card and the focus was lost to the page. */
export function useBoardFocus(applicationId: number, target: RefObject<HTMLElement | null>) {
  const focus = useContext(BoardFocusContext);
  useLayoutEffect(() => {
    if (!focus?.wanted(applicationId)) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost && target.current && target.current !== active) target.current.focus({ preventScroll: false });
  });
}

/** The card the board wants focused now, read at each render (null outside a board or after the request lapsed). */
export function useBoardFocusRequest(): number | null {
  return useContext(BoardFocusContext)?.requested() ?? null;
}
