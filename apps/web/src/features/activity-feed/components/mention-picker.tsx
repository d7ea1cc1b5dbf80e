import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';

export type MentionOption =
  | { type: 'user'; id: number; label: string; email: string; img_src: string | null }
  | { type: 'group'; id: number; label: string; members: number };

export function mentionOptionId(listId: string, option: MentionOption): string {
  return `${listId}-${option.type}-${option.id}`;
}

type Props = {
  id: string;
  options: MentionOption[];
  active: number;
  loading: boolean;
  onPick: (option: MentionOption) => void;
  onHover: (index: number) => void;
};

/**
 * The suggestions under the composer while an `@name` is typed. Focus stays in the text box, which
 * points at the active option (aria-activedescendant): arrows move, Enter picks, Escape closes.
 */
export function MentionPicker({ id, options, active, loading, onPick, onHover }: Props) {
  const { t } = useTranslation('activityFeed');
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-md">
      <ul id={id} role="listbox" aria-label={t('activityFeed:mentions.label')} className="max-h-60 overflow-y-auto py-1">
        {options.map((option, index) => (
          <li
            key={`${option.type}-${option.id}`}
            id={mentionOptionId(id, option)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the text box: the pick happens on mouse down.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(option);
            }}
            onMouseEnter={() => onHover(index)}
            className={cn('flex min-w-0 cursor-pointer items-center gap-2 px-3 py-1.5 text-sm', index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800')}
          >
            {option.type === 'user' ? (
              <Avatar src={option.img_src} name={option.label} className="size-6" />
            ) : (
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
                <Users aria-hidden="true" className="size-3.5" />
              </span>
            )}
            <span className="min-w-0 flex-1 truncate font-medium">{option.label}</span>
            <span className="min-w-0 shrink truncate text-xs text-slate-600">
              {option.type === 'user' ? option.email : t('activityFeed:mentions.members', { count: option.members })}
            </span>
          </li>
        ))}
      </ul>
      {options.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">{loading ? t('common:loading') : t('activityFeed:mentions.none')}</p> : null}
    </div>
  );
}
