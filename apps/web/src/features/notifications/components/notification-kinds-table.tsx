import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_KINDS,
  type TNotificationKind,
} from '@embauche/contracts/notification-preferences';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

/** A kind's choices as the form holds them; `follow` only where a user may follow the company. */
export type KindChoice = { in_app: boolean; email: boolean; follow?: boolean };

export type KindChannel = 'in_app' | 'email' | 'follow';

type Props = {
  caption: string;
  choices: Record<TNotificationKind, KindChoice>;
  /** The company's choices, shown (and not editable) where a kind follows them. */
  company?: Record<TNotificationKind, { in_app: boolean; email: boolean }>;
  onChange: (kind: TNotificationKind, channel: KindChannel, value: boolean) => void;
};

/** Phones lay the kinds out as a list: a table of three or four columns would scroll sideways. */
const NARROW = '(max-width: 639px)';

/**
 * The kinds of notification × where they go (in the app, by e-mail), with, for a user, whether each
 * follows the company's choice. A real table with its headers on wider screens, a list of one group
 * per kind on phones; each checkbox is named by its kind and channel in both.
 */
export function NotificationKindsTable({ caption, choices, company, onChange }: Props) {
  const { t } = useTranslation('notification_preferences');
  const narrow = useMediaQuery(NARROW);
  const withFollow = company !== undefined;
  const channels: KindChannel[] = withFollow ? ['follow', 'in_app', 'email'] : ['in_app', 'email'];

  const box = (kind: TNotificationKind, channel: KindChannel, label?: string) => {
    const choice = choices[kind];
    const following = withFollow && channel !== 'follow' && choice.follow === true;
    const checked = following
      ? company[kind][channel as 'in_app' | 'email']
      : Boolean(choice[channel]);
    const name = t(`notification_preferences:control.${channel}`, {
      kind: t(`notification_preferences:kinds.${kind}`),
    });
    const input = (
      <Checkbox
        aria-label={name}
        checked={checked}
        disabled={following}
        onChange={(event) => onChange(kind, channel, event.target.checked)}
        className="disabled:cursor-not-allowed"
      />
    );
    if (!label) return input;
    return (
      <label
        className={cn(
          'flex min-h-10 items-center gap-2 text-sm',
          following ? 'text-slate-500' : 'text-slate-800',
        )}
      >
        {input}
        <span aria-hidden="true">{label}</span>
      </label>
    );
  };

  if (narrow) {
    return (
      <ul aria-label={caption} className="flex flex-col gap-3">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm font-medium text-slate-900">
              {t(`notification_preferences:kinds.${kind}`)}
            </p>
            <div className="mt-1 flex flex-wrap gap-x-5">
              {channels.map((channel) => (
                <div key={channel} className={channel === 'follow' ? 'basis-full' : undefined}>
                  {box(
                    kind,
                    channel,
                    t(
                      `notification_preferences:columns.${channel === 'follow' ? 'follow_label' : channel}`,
                    ),
                  )}
                </div>
              ))}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-700">
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('notification_preferences:columns.kind')}
          </th>
          {channels.map((channel) => (
            <th key={channel} scope="col" className="w-28 px-2 py-2 text-center font-medium">
              {t(`notification_preferences:columns.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_KINDS.map((kind) => (
          <tr key={kind} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-2.5 pr-3 text-left font-normal text-slate-900">
              {t(`notification_preferences:kinds.${kind}`)}
            </th>
            {channels.map((channel) => (
              <td key={channel} className="px-2 py-2.5 text-center">
                {box(kind, channel)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
