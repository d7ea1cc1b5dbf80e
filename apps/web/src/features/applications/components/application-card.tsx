import { useRef, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { Forward, GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { applicantName } from '../lib/applicant-name.ts';
import { useApplicantHref } from '../hooks/use-applicant-href.ts';
import { useBoardFocus } from '../lib/board-focus.ts';
import { cardDragId, columnDropId } from '../lib/board-ids.ts';
import { ApplicationMeta } from './application-meta.tsx';
import { StatusMenu } from './status-menu.tsx';

type Props = {
  application: TApplicationItem;
  statuses: TStatus[];
  /** Absent without the change_status permission: no handle, no menu. */
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
  /** Absent without the transfer permission: no transfer button. */
  onTransfer?: (application: TApplicationItem) => void;
  /** The column's page of cards this one was loaded with (previous/next on the applicant screen walk the column). */
  columnPage: number;
  /** Its place in a virtualised column: where it is drawn, its rank among all the column's cards (for screen readers), its measure. */
  row?: CardRow;
};

/** A card's row in a virtualised column (see BoardColumn). */
export type CardRow = { index: number; setSize: number; start: number; measure: (node: HTMLElement | null) => void };

type Listener = (event: SyntheticEvent) => void;

/** A press on these (the status menu's button, which opens on press) never starts a drag. */
const NO_DRAG = '[data-no-drag]';

/**
 * A board card: the applicant's name linking to their screen, date, source, tags, the status menu.
 * The whole card can be dragged with a mouse or a finger (after a short move or a long press, so a
 * click on its link or buttons still works); the keyboard drags it from its grip button, which
 * keeps the focus when the card lands in another column.
 */
export function ApplicationCard({ application, statuses, onStatusChange, onTransfer, columnPage, row }: Props) {
  const { t } = useTranslation(['dragNDrop', 'kanban']);
  const name = applicantName(application);
  const applicantHref = useApplicantHref();
  const grip = useRef<HTMLButtonElement | null>(null);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: cardDragId(application.id),
    data: { application, columnId: columnDropId(application.status.id) },
    disabled: !onStatusChange,
    attributes: { roleDescription: t('dragNDrop:role_description') },
  });
  useBoardFocus(application.id, grip);
  const { onKeyDown, ...pointerListeners } = (listeners ?? {}) as Record<string, Listener>;
  const bodyListeners = Object.fromEntries(
    Object.entries(pointerListeners).map(([event, listener]) => [
      event,
      (e: SyntheticEvent) => {
        if (!(e.target as Element).closest(NO_DRAG)) listener(e);
      },
    ]),
  );
  return (
    // The mouse and touch listeners only add a way to drag; the grip button is the keyboard's way.
    <li
      ref={(node) => {
        setNodeRef(node);
        row?.measure(node);
      }}
      {...(row ? { 'data-index': row.index, 'aria-posinset': row.index + 1, 'aria-setsize': row.setSize, style: { transform: `translateY(${row.start}px)` } } : {})}
      {...(onStatusChange ? bodyListeners : {})}
      className={cn(
        row && 'absolute inset-x-0 top-0',
        'flex flex-col gap-1 rounded-lg border border-slate-200 bg-white px-2 pb-1 pt-2 shadow-sm',
        onStatusChange && 'cursor-grab touch-manipulation select-none hover:border-slate-300 active:cursor-grabbing [&_img]:pointer-events-none',
        isDragging && 'opacity-50 ring-2 ring-brand-300',
      )}
    >
      {/* Narrow board columns: the name takes the card's whole width; the handle and actions share the last row. */}
      <div className="flex min-w-0 items-center gap-1.5">
        <Avatar src={application.img_src} name={name} className="size-6 text-[10px]" />
        <Link
          to={applicantHref(application, { statusId: application.status.id, page: columnPage })}
          draggable={false}
          title={name}
          className="min-w-0 truncate text-sm font-medium text-brand-700 hover:underline"
        >
          {name}
        </Link>
      </div>
      <ApplicationMeta application={application} />
      {onStatusChange || onTransfer ? (
        <div className="-mx-1 flex items-center justify-between">
          {onStatusChange ? (
            <button
              type="button"
              ref={(node) => {
                grip.current = node;
                setActivatorNodeRef(node);
              }}
              className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
              {...attributes}
              onKeyDown={onKeyDown}
              aria-label={t('dragNDrop:handle', { name })}
            >
              <GripVertical aria-hidden="true" className="size-4" />
            </button>
          ) : (
            <span />
          )}
          <div data-no-drag="" className="flex shrink-0 items-center">
            {onStatusChange ? <StatusMenu application={application} statuses={statuses} onChange={onStatusChange} compact /> : null}
            {onTransfer ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('kanban:transfer', { name })}
                title={t('kanban:transfer_short')}
                onClick={() => onTransfer(application)}
              >
                <Forward aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
