import { useTranslation } from 'react-i18next';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { WORKFLOW_REQUIRED_STATUS_IDS } from '@embauche/contracts/workflows';
import { Button } from '../../../components/ui/button.tsx';

export type SortableStatus = { id: number; label: string; motifs: string[]; color: string | null };

type Props = {
  items: SortableStatus[];
  onChange: (ids: number[]) => void;
  labelledBy: string;
};

/**
 * The workflow's statuses in order: dragged with the mouse, a finger or the keyboard (space on the
 * handle, arrows, space), or moved one step with the up and down buttons. "New" and "recruited" stay.
 */
export function SortableStatuses({ items, onChange, labelledBy }: Props) {
  const { t } = useTranslation('workflows');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((s) => s.id);
  const labelOf = (id: unknown) => items.find((s) => s.id === Number(id))?.label ?? '';
  const positionOf = (id: unknown) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('editor.announce.start', { name: labelOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('editor.announce.over', { name: labelOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('editor.announce.end', { name: labelOf(active.id), position: positionOf(over.id) }) : t('editor.announce.cancel', { name: labelOf(active.id) })),
    onDragCancel: ({ active }) => t('editor.announce.cancel', { name: labelOf(active.id) }),
  };
  const move = (from: number, to: number) => onChange(arrayMove(ids, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('editor.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-labelledby={labelledBy} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              onMove={(to) => move(index, to)}
              onRemove={() => onChange(ids.filter((id) => id !== item.id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ item, index, count, onMove, onRemove }: { item: SortableStatus; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useTranslation('workflows');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const required = WORKFLOW_REQUIRED_STATUS_IDS.includes(item.id);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-start gap-2 rounded-lg border bg-white p-2 shadow-sm ${isDragging ? 'relative z-10 border-brand-500 ring-2 ring-brand-300' : 'border-slate-200'}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        {...attributes}
        {...listeners}
        aria-label={t('editor.drag', { name: item.label, position: index + 1 })}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <div className="min-w-0 flex-1 py-1.5">
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 shrink-0 rounded-full ring-1 ring-slate-300" style={{ background: item.color ?? 'transparent' }} />
          <span className="break-words text-sm font-medium text-slate-900">{item.label}</span>
        </div>
        {item.motifs.length ? (
          <p className="mt-1 break-words text-xs text-slate-600">{t('editor.motifs', { motifs: item.motifs.join(', ') })}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap justify-end gap-1">
        <Button variant="ghost" size="icon" disabled={index === 0} aria-label={t('editor.move_up', { name: item.label })} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" disabled={index === count - 1} aria-label={t('editor.move_down', { name: item.label })} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" disabled={required} title={required ? t('editor.required') : undefined} aria-label={t('editor.remove', { name: item.label })} onClick={onRemove}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
