import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';

/** Why someone cannot be mentioned here (issue 35): they do not see the target, or read no comments. */
export type MentionBlock = 'no_access' | 'no_feed' | 'no_member';

export type MentionOption =
  | { type: 'user'; id: number; label: string; email: string; img_src: string | null; blocked: MentionBlock | null }
  | { type: 'group'; id: number; label: string; members: number; reachable: number; blocked: MentionBlock | null };

export function mentionOptionId(listId: string, option: MentionOption): string {
  return `${listId}-${option.type}-${option.id}`;
}

type Props = {
  id: string;
  options: MentionOption[];
  active: number;
  loading: boolean;
  /** Whether the comment is on an offer (the reasons name it) rather than an applicant. */
  onOffer: boolean;
  onPick: (option: MentionOption) => void;
  onHover: (index: number) => void;
};

/**
 * The suggestions under the composer while an `@name` is typed. Focus stays in the text box, which
 * points at the active option (aria-activedescendant): arrows move, Enter picks, Escape closes.
 * People who cannot see what the comment is on are listed after the others, greyed and not
 * pickable, with the reason; a group tells how many of its members will be told.
 */
export function MentionPicker({ id, options, active, loading, onOffer, onPick, onHover }: Props) {
  const { t } = useTranslation('activityFeed');
  const reason = (option: MentionOption) => {
    if (option.blocked === 'no_feed') return t('activityFeed:mentions.blocked.no_feed');
    if (option.blocked === 'no_member') return t('activityFeed:mentions.blocked.no_member');
    if (option.blocked) return t(onOffer ? 'activityFeed:mentions.blocked.no_access_offer' : 'activityFeed:mentions.blocked.no_access_applicant');
    return null;
  };
  const detail = (option: MentionOption) => {
    if (option.type === 'user') return option.email;
    if (option.reachable < option.members) return t('activityFeed:mentions.members_reached', { count: option.members, reached: option.reachable });
    return t('activityFeed:mentions.members', { count: option.members });
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-md">
      <ul id={id} role="listbox" aria-label={t('activityFeed:mentions.label')} className="max-h-72 overflow-y-auto py-1">
        {options.map((option, index) => {
          const why = reason(option);
          return (
            <li
              key={`${option.type}-${option.id}`}
              id={mentionOptionId(id, option)}
              role="option"
              aria-selected={index === active}
              aria-disabled={option.blocked ? true : undefined}
              aria-describedby={why ? `${mentionOptionId(id, option)}-why` : undefined}
              // Keeps the focus in the text box: the pick happens on mouse down.
              onMouseDown={(event) => {
                event.preventDefault();
                if (!option.blocked) onPick(option);
              }}
              onMouseEnter={() => onHover(index)}
              className={cn(
                'flex min-w-0 items-center gap-2 px-3 py-1.5 text-sm',
                option.blocked ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-800',
                index === active && (option.blocked ? 'bg-slate-100' : 'bg-brand-50 text-brand-900'),
              )}
            >
              {option.type === 'user' ? (
                <Avatar src={option.img_src} name={option.label} className={cn('size-6', option.blocked && 'opacity-50 grayscale')} />
              ) : (
                <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700">
                  <Users aria-hidden="true" className="size-3.5" />
                </span>
              )}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                  <span className="min-w-0 break-words font-medium">{option.label}</span>
                  <span className="min-w-0 break-all text-xs text-slate-600">{detail(option)}</span>
                </span>
                {why ? (
                  <span id={`${mentionOptionId(id, option)}-why`} className="text-xs text-slate-600">
                    {why}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {options.length === 0 ? <p className="px-3 py-2 text-sm text-slate-600">{loading ? t('common:loading') : t('activityFeed:mentions.none')}</p> : null}
    </div>
  );
}
