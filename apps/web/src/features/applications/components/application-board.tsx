import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TApplicationPage, TStatus } from '@embauche/contracts/applications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useUserPreference } from '../../../lib/user-preference.ts';
import { statusNeedsMotif, usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { ApplicationFilter } from '../api/application-query-keys.ts';
import { changedItem, insertionIndex } from '../api/change-application-status.ts';
import { applicationColumnQueryOptions } from '../api/get-application-column.ts';
import type { TApplicationCounts } from '../api/get-application-counts.ts';
import { applicantName } from '../lib/applicant-name.ts';
import { BoardFocusContext, createBoardFocus } from '../lib/board-focus.ts';
import { columnDropId } from '../lib/board-ids.ts';
import { columnCoordinates, createKeyboardTarget } from '../lib/column-coordinates.ts';
import { selectionFilters } from '../api/change-selection-status.ts';
import type { MailingSlot } from '../lib/mailing-slot.ts';
import type { RecipientSelectionTarget } from '../lib/recipient-selection.ts';
import type { SmsSlot } from '../lib/sms-slot.ts';
import type { TransferSlot } from '../lib/transfer-slot.ts';
import { ApplicationMeta } from './application-meta.tsx';
import { BoardColumn, CollapsedBoardColumn } from './board-column.tsx';

type Props = {
  projectId: number;
  offerId: number;
  counts: TApplicationCounts;
  /** The statuses filter narrows the columns shown; each column still loads its own cards. */
  visibleStatusIds: number[] | null;
  filter: ApplicationFilter;
  order: string;
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
  /** The board has no selection: each card offers the transfer of its own application. */
  transfer?: TransferSlot;
  /**
   * The board's selection is a column: every application of its status under the board's filters
   * gets one SMS, loaded or not (an "all" selection with the column's count, issue 42 part 2).
   */
  sms?: SmsSlot;
  /** Like the SMS: one e-mail to each application of a column. */
  mailing?: MailingSlot;
};

const applicationOf = (data: unknown) => (data as { application?: TApplicationItem } | undefined)?.application;
const statusOf = (data: unknown) => (data as { status?: TStatus } | undefined)?.status;

/** The board never goes below this height, even in a short window (the page scrolls then). */
const MIN_BOARD_HEIGHT = 360;
/** Room kept under the board: the tab panel's and the page's bottom padding. */
const BOARD_BOTTOM_GAP = 48;

/** The board's frame fills the window from where it starts down to the bottom (less the page's padding). */
function useWindowHeight(frame: RefObject<HTMLDivElement | null>) {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => {
      const top = node.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(MIN_BOARD_HEIGHT, Math.round(window.innerHeight - top - BOARD_BOTTOM_GAP));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // What sits above the board (the filter panel opening, a toolbar wrapping) moves it down or up.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [frame]);
  return height;
}

type Hidden = { before: number; after: number };

/**
 * How many columns lie wholly or partly out of the board's view on each side, followed as the board
 * scrolls, resizes (the projects panel folding) or gets columns (one collapsing).
 */
function useHiddenColumns(frame: RefObject<HTMLDivElement | null>, columnCount: number, collapsedKey: string): Hidden {
  const [hidden, setHidden] = useState<Hidden>({ before: 0, after: 0 });
  useEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => {
      const box = node.getBoundingClientRect();
      let before = 0;
      let after = 0;
      for (const column of node.children) {
        const rect = column.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (rect.left < box.left - 1) before += 1;
        else if (rect.right > box.right + 1) after += 1;
      }
      setHidden((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      node.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [frame, columnCount, collapsedKey]);
  return hidden;
}

/** The kanban board: one column per workflow status in pipeline order; a card dropped on another column changes its status. */
export function ApplicationBoard({ projectId, offerId, counts, visibleStatusIds, filter, order, onStatusChange, transfer, sms, mailing }: Props) {
  const { t } = useTranslation(['kanban', 'dragNDrop']);
  const labels = usePipelineLabels();
  const queryClient = useQueryClient();
  const [dragged, setDragged] = useState<TApplicationItem | null>(null);
  const [transferring, setTransferring] = useState<TApplicationItem | null>(null);
  const [texting, setTexting] = useState<RecipientSelectionTarget | null>(null);
  const [mailingTo, setMailingTo] = useState<RecipientSelectionTarget | null>(null);
  // A column as a selection: its status and the board's filters, resolved on the server.
  const columnTarget = (status: TStatus, count: number): RecipientSelectionTarget => ({
    selection: {
      all: {
        list: 'offer',
        project_id: projectId,
        offer_id: offerId,
        filters: selectionFilters({ filter: { ...filter, statuses: [status.id] } }),
        except: [],
        count,
      },
      spontaneous: false,
    },
    count,
  });
  const [focus] = useState(createBoardFocus);
  const [keyboardTarget] = useState(createKeyboardTarget);
  const frame = useRef<HTMLDivElement>(null);
  const height = useWindowHeight(frame);
  // Collapsed columns, by status, kept per user: a user who never works the "withdrawn" column folds it once.
  const [collapsed, setCollapsed] = useUserPreference<number[]>('kanban.collapsedStatuses', []);
  const focusAfterToggle = useRef<number | null>(null);
  const toggleCollapsed = (statusId: number) => {
    focusAfterToggle.current = statusId;
    setCollapsed(collapsed.includes(statusId) ? collapsed.filter((id) => id !== statusId) : [...collapsed, statusId]);
  };
  const claimFocus = useCallback((statusId: number) => {
    if (focusAfterToggle.current !== statusId) return false;
    focusAfterToggle.current = null;
    return true;
  }, []);
  const statuses: TStatus[] = counts.statuses;
  const columns = visibleStatusIds ? counts.statuses.filter((s) => visibleStatusIds.includes(s.id)) : counts.statuses;
  const columnIds = useMemo(() => columns.map((s) => columnDropId(s.id)), [columns]);
  const hidden = useHiddenColumns(frame, columns.length, collapsed.join(','));
  const scrollBy = (direction: 1 | -1) => {
    const node = frame.current;
    if (!node) return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollBy({ left: direction * Math.max(160, Math.round(node.getBoundingClientRect().width * 0.8)), behavior: reduce ? 'auto' : 'smooth' });
  };
  const statusByDropId = (id: UniqueIdentifier | null | undefined) => columns.find((s) => columnDropId(s.id) === id);
  const sensors = useSensors(
    // The whole card follows the mouse or the finger; a short move (or a press on touch) starts the
    // drag, so a plain click on the card's link or buttons still works.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates(columnIds, keyboardTarget) }),
  );

  /** With the keyboard the aimed column decides; with a mouse the pointer; otherwise the card's rectangle. */
  const collision: CollisionDetection = (args) => {
    const aimed = keyboardTarget.get() ? args.droppableContainers.find((c) => c.id === keyboardTarget.get()) : undefined;
    if (aimed) return [{ id: aimed.id, data: { droppableContainer: aimed, value: 1 } }];
    const hits = pointerWithin(args);
    return hits.length ? hits : rectIntersection(args);
  };

  const change = (application: TApplicationItem, status: TStatus) => {
    focus.request(application.id);
    onStatusChange?.(application, status);
  };

  /**
   * Where a card lands in a column (1-based) and how many cards the column then holds; null when it
   * goes after the column's loaded cards while more are not loaded yet (its place is not known).
   */
  const landing = (application: TApplicationItem, status: TStatus) => {
    const key = applicationColumnQueryOptions(projectId, offerId, status.id, filter, order).queryKey;
    const loaded = queryClient.getQueryData<InfiniteData<TApplicationPage>>(key)?.pages.flatMap((page) => page.data) ?? [];
    const next = changedItem({ application, status, motifId: null });
    const count = counts.statuses.find((s) => s.id === status.id)?.count ?? loaded.length;
    const index = insertionIndex(loaded, next, order);
    if (index >= loaded.length && loaded.length < count) return null;
    return { position: index + 1, total: count + 1 };
  };

  const nameOf = (data: unknown) => {
    const application = applicationOf(data);
    return application ? applicantName(application) : '';
  };
  const fromName = (data: unknown) => {
    const current = applicationOf(data)?.status;
    return current ? labels.statusLabel(current) : '';
  };
  /** The column a drop goes to: the aimed one with the keyboard, the one under the card otherwise. */
  const dropTarget = (over: { id: UniqueIdentifier; data: { current?: unknown } } | null) =>
    statusByDropId(keyboardTarget.get()) ?? statusOf(over?.data.current);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragNDrop:announce.start', { name: nameOf(active.data.current), column: fromName(active.data.current) }),
    onDragOver: ({ active, over }) => {
      const target = dropTarget(over);
      return target
        ? t('dragNDrop:announce.over', { name: nameOf(active.data.current), column: labels.statusLabel(target) })
        : t('dragNDrop:announce.outside', { name: nameOf(active.data.current) });
    },
    onDragEnd: ({ active, over }) => {
      const application = applicationOf(active.data.current);
      const target = dropTarget(over);
      if (!application || !target || target.id === application.status.id) {
        return t('dragNDrop:announce.unchanged', { name: nameOf(active.data.current), column: fromName(active.data.current) });
      }
      const values = { name: applicantName(application), column: labels.statusLabel(target) };
      if (statusNeedsMotif(target.id)) return t('dragNDrop:announce.end_motif', values);
      const place = landing(application, target);
      return place ? t('dragNDrop:announce.end_position', { ...values, ...place }) : t('dragNDrop:announce.end', values);
    },
    onDragCancel: ({ active }) => t('dragNDrop:announce.cancel', { name: nameOf(active.data.current), column: fromName(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    keyboardTarget.set(null);
    setDragged(applicationOf(active.data.current) ?? null);
  };
  // dnd-kit announces the drop right after these handlers: the aimed column is forgotten just after.
  const forgetTarget = () => queueMicrotask(() => keyboardTarget.set(null));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const target = dropTarget(over);
    forgetTarget();
    setDragged(null);
    const application = applicationOf(active.data.current);
    if (!application) return;
    // Even a drop back on its own column keeps the focus on the card.
    focus.request(application.id);
    if (target && target.id !== application.status.id) change(application, target);
  };
  const onDragCancel = () => {
    forgetTarget();
    setDragged(null);
  };

  return (
    <BoardFocusContext value={focus}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragNDrop:instructions') } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        {/* Columns beyond the view: a button towards them above the board (over it, it would hide cards), a fade on that edge. */}
        {hidden.before || hidden.after ? (
          <div className="-mt-1 flex w-0 min-w-full justify-end gap-1">
            {hidden.before ? <ScrollButton side="before" count={hidden.before} onClick={() => scrollBy(-1)} /> : null}
            {hidden.after ? <ScrollButton side="after" count={hidden.after} onClick={() => scrollBy(1)} /> : null}
          </div>
        ) : null}
        <div className="relative w-0 min-w-full">
          <div
            ref={frame}
            role="group"
            aria-label={t('kanban:board')}
            style={height ? { height } : undefined}
            className="relative flex min-h-[22.5rem] w-full gap-2 overflow-x-auto overflow-y-hidden overscroll-x-contain pb-2"
          >
            {columns.map((status) => {
              const count = counts.statuses.find((s) => s.id === status.id)?.count ?? 0;
              return collapsed.includes(status.id) ? (
                <CollapsedBoardColumn key={status.id} status={status} count={count} onToggleCollapsed={toggleCollapsed} claimFocus={claimFocus} />
              ) : (
                <BoardColumn
                  key={status.id}
                  projectId={projectId}
                  offerId={offerId}
                  status={status}
                  count={count}
                  statuses={statuses}
                  filter={filter}
                  order={order}
                  onStatusChange={onStatusChange ? change : undefined}
                  onTransfer={transfer ? setTransferring : undefined}
                  onSms={sms ? (s, n) => setTexting(columnTarget(s, n)) : undefined}
                  onEmail={mailing ? (s, n) => setMailingTo(columnTarget(s, n)) : undefined}
                  onToggleCollapsed={toggleCollapsed}
                  claimFocus={claimFocus}
                />
              );
            })}
          </div>
          {hidden.before ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-gradient-to-r from-white to-transparent" /> : null}
          {hidden.after ? <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-gradient-to-l from-white to-transparent" /> : null}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div className="flex w-44 cursor-grabbing flex-col gap-1 rounded-lg border border-brand-300 bg-white p-2 shadow-xl">
              <div className="flex items-center gap-2">
                <Avatar src={dragged.img_src} name={applicantName(dragged)} className="size-6" />
                <span className="truncate text-sm font-medium text-slate-900">{applicantName(dragged)}</span>
              </div>
              <ApplicationMeta application={dragged} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {transferring && transfer ? transfer([transferring], () => setTransferring(null)) : null}
      {texting && sms ? sms([], () => setTexting(null), texting) : null}
      {mailingTo && mailing ? mailing([], () => setMailingTo(null), mailingTo) : null}
    </BoardFocusContext>
  );
}

/** A button that scrolls the board towards the columns hidden on one side, with how many there are. */
function ScrollButton({ side, count, onClick }: { side: 'before' | 'after'; count: number; onClick: () => void }) {
  const { t } = useTranslation('kanban');
  const after = side === 'after';
  const Icon = after ? ChevronRight : ChevronLeft;
  const label = t(after ? 'kanban:scroll_after' : 'kanban:scroll_before', { count });
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex h-7 items-center gap-0.5 rounded-full border border-slate-300 bg-white px-2 text-xs font-semibold tabular-nums text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {after ? null : <Icon aria-hidden="true" className="size-4" />}
      <span aria-hidden="true">+{count}</span>
      {after ? <Icon aria-hidden="true" className="size-4" /> : null}
    </button>
  );
}
