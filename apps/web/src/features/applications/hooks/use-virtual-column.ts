import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useDndContext } from '@dnd-kit/core';
import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer, type Range, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { cardDragId } from '../lib/board-ids.ts';
import { useBoardFocusRequest } from '../lib/board-focus.ts';

/** A card's height before it is measured (name, meta line, actions row). */
const ESTIMATED_CARD_HEIGHT = 112;
/** The space between two cards (the column's former `gap-2`). */
const CARD_GAP = 8;
/** Cards drawn beyond each edge of the view: the Tab key and the arrows always find the next one drawn. */
const OVERSCAN = 4;
/** Placeholder cards drawn under the loaded ones while the column has more. */
export const SKELETON_ROWS = 3;
/** The next page is asked for when the view comes this close (in cards) to the last loaded one. */
const LOAD_AHEAD = 6;

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * A column not laid out (yet) measures 0 × 0, and so would its cards: it is taken as a column of a
 * usual height with cards of the estimated height, so it still draws its first cards (never all).
 */
const UNLAID_COLUMN: Rect = { width: 176, height: 640 };
const observeColumnRect = (instance: Virtualizer<HTMLDivElement, Element>, callback: (rect: Rect) => void) =>
  observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : UNLAID_COLUMN));
const measureCard = (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>) =>
  measureElement(element, entry, instance) || ESTIMATED_CARD_HEIGHT;

type Column = {
  items: TApplicationItem[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** A failed next page stops the automatic loading until the user retries. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

type PendingFocus = { index: number; slot: number };

/** Which key moves the focus to which card (undefined: not a key of the column). */
function targetIndex(key: string, index: number, last: number): number | undefined {
  if (key === 'ArrowDown') return index + 1;
  if (key === 'ArrowUp') return Math.max(0, index - 1);
  if (key === 'PageDown') return index + 5;
  if (key === 'PageUp') return Math.max(0, index - 5);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

/**
 * A board column's cards, virtualised: only the cards in view (and a few around them) are drawn, so
 * a column of 20,000 cards keeps a few dozen nodes. The next page loads as the end of the loaded
 * cards comes into view (placeholder rows meanwhile). The arrow keys, Page Up/Down, Home and End move
 * the focus from card to card (to the same link or button in the next card), scrolling it into view
 * and loading the next page when they go past the last loaded card. The card being dragged and the
 * focused card stay drawn even when scrolled away (dnd-kit keeps its node; the focus is not lost).
 */
export function useVirtualColumn({ items, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: Column) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { active } = useDndContext();
  const draggedIndex = active ? items.findIndex((item) => cardDragId(item.id) === active.id) : -1;
  const [focusedIndex, setFocusedIndex] = useState(-1);
  const pending = useRef<PendingFocus | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const kept of [draggedIndex, focusedIndex]) if (kept >= 0 && kept < range.count) indexes.add(kept);
      return [...indexes].sort((a, b) => a - b);
    },
    [draggedIndex, focusedIndex],
  );
  const skeletons = hasNextPage ? SKELETON_ROWS : 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read fresh at each render, never memoised.
  const virtualizer = useVirtualizer({
    count: items.length + skeletons,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => items[index]?.id ?? `skeleton-${index - items.length}`,
    gap: CARD_GAP,
    overscan: OVERSCAN,
    rangeExtractor,
    initialRect: UNLAID_COLUMN,
    observeElementRect: observeColumnRect,
    measureElement: measureCard,
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();

  // Loads the next page when the view nears the end of the loaded cards.
  const lastDrawn = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastDrawn >= items.length - LOAD_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastDrawn, items.length, fetchNextPage]);

  // A card the board wants focused (after a move) is scrolled into view, so it is drawn and takes the focus.
  const requested = useBoardFocusRequest();
  const requestedIndex = requested === null ? -1 : items.findIndex((item) => item.id === requested);
  useEffect(() => {
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (requestedIndex >= 0 && lost) virtualizer.scrollToIndex(requestedIndex, { align: 'auto' });
  }, [requestedIndex, virtualizer]);

  /** Focuses the pending card's link or button once it is drawn; true when done. */
  const focusPending = useCallback(() => {
    const wanted = pending.current;
    const list = listRef.current;
    if (!wanted || !list) return false;
    const card = list.querySelector<HTMLElement>(`li[data-index="${wanted.index}"]`);
    if (!card) return false;
    const targets = [...card.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const target = targets[wanted.slot] ?? targets[0];
    pending.current = null;
    target?.focus({ preventScroll: true });
    return true;
  }, []);
  useLayoutEffect(() => {
    if (!pending.current) return;
    if (pending.current.index < items.length) {
      virtualizer.scrollToIndex(pending.current.index, { align: 'auto' });
      focusPending();
    } else if (!hasNextPage) pending.current = null;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // A keyboard drag uses the arrows itself; the status menu's button opens its menu with ↓.
    if (event.defaultPrevented || active || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const card = (event.target as Element).closest<HTMLElement>('li[data-index]');
    if (!card || !listRef.current?.contains(card)) return;
    const index = Number(card.dataset.index);
    const last = items.length - 1;
    let next = targetIndex(event.key, index, last);
    if (next === undefined) return;
    event.preventDefault();
    if (next > last && !hasNextPage) next = last;
    if (next === index) return;
    const slot = [...card.querySelectorAll(FOCUSABLE)].indexOf(event.target as Element);
    pending.current = { index: next, slot: Math.max(0, slot) };
    if (next >= items.length) {
      // Past the loaded cards: the placeholders come into view and the next page loads; the focus follows it.
      virtualizer.scrollToIndex(Math.min(next, items.length + skeletons - 1), { align: 'end' });
      if (!isFetchingNextPage) void fetchNextPage();
      return;
    }
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusPending();
  };

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const card = (event.target as Element).closest<HTMLElement>('li[data-index]');
    setFocusedIndex(card ? Number(card.dataset.index) : -1);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedIndex(-1);
  };

  return { scrollRef, listRef, virtualizer, rows, totalSize: virtualizer.getTotalSize(), listProps: { onKeyDown, onFocus, onBlur } };
}
