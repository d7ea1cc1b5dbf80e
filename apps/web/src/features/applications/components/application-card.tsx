import { Link } from 'react-router';
import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { applicantName, applicantPath } from '../lib/applicant-name.ts';
import { cardDragId, columnDropId } from '../lib/board-ids.ts';
import { ApplicationMeta } from './application-meta.tsx';
import { StatusMenu } from './status-menu.tsx';

type Props = {
  application: TApplicationItem;
  statuses: TStatus[];
  /** Absent without the change_status permission: no handle, no menu. */
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
};

/** A board card: drag handle (mouse or keyboard), the applicant's name linking to their screen, date, source, tags. */
export function ApplicationCard({ application, statuses, onStatusChange }: Props) {
  const { t } = useTranslation('dragNDrop');
  const name = applicantName(application);
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: cardDragId(application.id),
    data: { application, columnId: columnDropId(application.status.id) },
    disabled: !onStatusChange,
    attributes: { roleDescription: t('dragNDrop:role_description') },
  });
  return (
    <li
      ref={setNodeRef}
      className={cn(
        'flex gap-2 rounded-lg border border-slate-200 bg-white p-2.5 shadow-sm',
        isDragging && 'opacity-50 ring-2 ring-brand-300',
      )}
    >
      {onStatusChange ? (
        <button
          type="button"
          className="-ml-1 flex h-8 w-6 shrink-0 cursor-grab items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
          {...attributes}
          {...listeners}
          aria-label={t('dragNDrop:handle', { name })}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          <Avatar src={application.img_src} name={name} className="size-7" />
          <Link to={applicantPath(application)} className="min-w-0 truncate text-sm font-medium text-brand-700 hover:underline">
            {name}
          </Link>
        </div>
        <ApplicationMeta application={application} />
      </div>
      {onStatusChange ? <StatusMenu application={application} statuses={statuses} onChange={onStatusChange} compact /> : null}
    </li>
  );
}
