import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** The column a keyboard drag is aimed at (a dnd-kit droppable id), shared with the collision detection. */
export type KeyboardTarget = { get: () => string | null; set: (id: string | null) => void };

export function createKeyboardTarget(): KeyboardTarget {
  let aimed: string | null = null;
  return { get: () => aimed, set: (id) => void (aimed = id) };
}

/**
 * Keyboard moves on the board: left and right arrows aim at the previous or next column (in
 * pipeline order) instead of nudging the card 25 px; up and down do nothing (a column has no order).
 * The aimed column is kept in `target`, so a move never depends on where the card's rectangle
 * lands: → → always goes two columns along, however wide or scrolled the board is.
 */
export function columnCoordinates(columnIds: readonly string[], target: KeyboardTarget): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    if (!step) return undefined;
    event.preventDefault();
    const { droppableRects, collisionRect } = context;
    const start = target.get() ?? (context.active?.data.current?.columnId as string | undefined);
    const index = start === undefined ? -1 : columnIds.indexOf(start);
    const next = columnIds[index + step];
    if (next === undefined) return undefined;
    target.set(next);
    const rect = droppableRects.get(next);
    if (!rect || !collisionRect) return undefined;
    return {
      x: rect.left + (rect.width - collisionRect.width) / 2,
      y: rect.top + Math.min(56, Math.max(0, rect.height - collisionRect.height) / 2),
    };
  };
}
