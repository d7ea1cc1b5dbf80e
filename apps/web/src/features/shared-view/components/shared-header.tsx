import { CalendarClock, Share2, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSharedInfo } from '@embauche/contracts/shares';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { formatDate } from '../../../lib/dates.ts';

type Props = {
  info: TSharedInfo;
  name: string;
  /** The offer of an application's link (null: a spontaneous application). */
  offer?: string | null;
};

/** The applicant's name (the page's h1), what the link is, who sent it from which company, and until when it opens. */
export function SharedHeader({ info, name, offer }: Props) {
  const { t, i18n } = useTranslation('shared');
  const sender = info.sender ? `${info.sender.firstname} ${info.sender.lastname}`.trim() : '';
  return (
    <section aria-labelledby="shared-name" className="flex flex-wrap items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-5 sm:p-6">
      {/* Initials only: the applicant's photo is not part of what a link opens. */}
      <Avatar name={name} className="size-14 text-base" />
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1.5">
        <p className="text-sm font-medium text-brand-700">{info.type === 'application' ? t('shared:view.kind.application') : t('shared:view.kind.applicant')}</p>
        <h1 id="shared-name" className="break-words text-2xl font-semibold tracking-tight text-slate-900">
          {name}
        </h1>
        {info.type === 'application' ? (
          <p className="break-words text-base text-slate-800">{offer ? t('shared:view.application_for', { offer }) : t('shared:view.application.spontaneous')}</p>
        ) : null}
        <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
          <li className="flex min-w-0 items-start gap-1.5">
            <Share2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span className="min-w-0 break-words">{sender ? t('shared:view.shared_by', { sender, company: info.company }) : t('shared:view.shared_by_company', { company: info.company })}</span>
          </li>
          <li className="flex min-w-0 items-start gap-1.5">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              {t('shared:view.expires', { date: formatDate(info.expires_at, 'long', i18n.language) })}
            </span>
          </li>
          <li className="flex min-w-0 items-start gap-1.5">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">{t('shared:view.confidential')}</span>
          </li>
        </ul>
      </div>
    </section>
  );
}
