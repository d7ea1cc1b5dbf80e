import { useMemo, useState } from 'react';
import {
  DndContext, DragOverlay, KeyboardSensor, MouseSensor, TouchSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { ApplicationFilter } from '../api/application-query-keys.ts';
import type { TApplicationCounts } from '../api/get-application-counts.ts';
import { applicantName } from '../lib/applicant-name.ts';
import { columnDropId } from '../lib/board-ids.ts';
import { columnCoordinates } from '../lib/column-coordinates.ts';
import { ApplicationMeta } from './application-meta.tsx';
import { BoardColumn } from './board-column.tsx';

type Props = {
  projectId: number;
  offerId: number;
  counts: TApplicationCounts;
  /** The statuses filter narrows the columns shown; each column still loads its own cards. */
  visibleStatusIds: number[] | null;
  filter: ApplicationFilter;
  order: string;
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
};

/** With a mouse the pointer decides; with the keyboard (no pointer) the card's rectangle does. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

const applicationOf = (data: unknown) => (data as { application?: TApplicationItem } | undefined)?.application;
const statusOf = (data: unknown) => (data as { status?: TStatus } | undefined)?.status;

/** The kanban board: one column per workflow status in pipeline order; a card dropped on another column changes its status. */
export function ApplicationBoard({ projectId, offerId, counts, visibleStatusIds, filter, order, onStatusChange }: Props) {
  const { t } = useTranslation(['kanban', 'dragNDrop']);
  const labels = usePipelineLabels();
  const [dragged, setDragged] = useState<TApplicationItem | null>(null);
  const statuses: TStatus[] = counts.statuses;
  const columns = visibleStatusIds ? counts.statuses.filter((s) => visibleStatusIds.includes(s.id)) : counts.statuses;
  const columnIds = useMemo(() => columns.map((s) => columnDropId(s.id)), [columns]);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates(columnIds) }),
  );

  const nameOf = (data: unknown) => {
    const application = applicationOf(data);
    return application ? applicantName(application) : '';
  };
  const columnName = (data: unknown) => {
    const status = statusOf(data);
    return status ? labels.statusLabel(status) : '';
  };
  const fromName = (data: unknown) => {
    const current = applicationOf(data)?.status;
    return current ? labels.statusLabel(current) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dragNDrop:announce.start', { name: nameOf(active.data.current), column: fromName(active.data.current) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dragNDrop:announce.over', { name: nameOf(active.data.current), column: columnName(over.data.current) })
        : t('dragNDrop:announce.outside', { name: nameOf(active.data.current) }),
    onDragEnd: ({ active, over }) => {
      const target = statusOf(over?.data.current);
      const current = applicationOf(active.data.current)?.status;
      if (!target || target.id === current?.id) return t('dragNDrop:announce.unchanged', { name: nameOf(active.data.current), column: fromName(active.data.current) });
      return t('dragNDrop:announce.end', { name: nameOf(active.data.current), column: columnName(over?.data.current) });
    },
    onDragCancel: ({ active }) => t('dragNDrop:announce.cancel', { name: nameOf(active.data.current), column: fromName(active.data.current) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged(applicationOf(active.data.current) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const application = applicationOf(active.data.current);
    const target = statusOf(over?.data.current);
    if (application && target && target.id !== application.status.id) onStatusChange?.(application, target);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dragNDrop:instructions') } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div role="group" aria-label={t('kanban:board')} className="relative flex w-0 min-w-full gap-3 overflow-x-auto pb-3">
        {columns.map((status) => (
          <BoardColumn
            key={status.id}
            projectId={projectId}
            offerId={offerId}
            status={status}
            count={counts.statuses.find((s) => s.id === status.id)?.count ?? 0}
            statuses={statuses}
            filter={filter}
            order={order}
            onStatusChange={onStatusChange}
          />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <div className="flex w-64 flex-col gap-1 rounded-lg border border-brand-300 bg-white p-2.5 shadow-xl">
            <div className="flex items-center gap-2">
              <Avatar src={dragged.img_src} name={applicantName(dragged)} className="size-7" />
              <span className="truncate text-sm font-medium text-slate-900">{applicantName(dragged)}</span>
            </div>
            <ApplicationMeta application={dragged} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
