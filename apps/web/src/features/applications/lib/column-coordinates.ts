import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves on the board: left and right arrows jump to the previous or next column (in
 * pipeline order) instead of nudging the card 25 px; up and down do nothing (a column has no order).
 */
export function columnCoordinates(columnIds: readonly string[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    const { over, active, droppableRects, collisionRect } = context;
    if (!step || !collisionRect) return undefined;
    const start = over?.id ?? (active?.data.current?.columnId as string | undefined);
    const index = start === undefined ? -1 : columnIds.indexOf(String(start));
    const target = columnIds[index + step];
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (!rect) return undefined;
    return {
      x: rect.left + (rect.width - collisionRect.width) / 2,
      y: rect.top + Math.min(56, Math.max(0, rect.height - collisionRect.height) / 2),
    };
  };
}
