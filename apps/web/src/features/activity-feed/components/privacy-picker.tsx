import { useId, useState } from 'react';
import { Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { FeedTarget } from '../api/feed-query-keys.ts';
import { useMentionables } from '../api/get-mentionables.ts';
import { PUBLIC, isPrivate, type FeedPrivacy } from '../lib/feed-form-data.ts';

type Props = { value: FeedPrivacy; onChange: (value: FeedPrivacy) => void; /** The comment's target: only those who see it can be chosen. */ target: FeedTarget };
type Choice = 'public' | 'self' | 'custom';

function choiceOf(value: FeedPrivacy): Choice {
  if (value.users.length || value.subsidiaries.length) return 'custom';
  return value.self ? 'self' : 'public';
}

/** The composer's "who can see it" control: everyone who sees the feed, only me, or chosen people and subsidiaries. */
export function PrivacyPicker({ value, onChange, target }: Props) {
  const { t } = useTranslation('activityFeed');
  const [open, setOpen] = useState(false);
  const count = value.users.length + value.subsidiaries.length;
  const summary = !isPrivate(value) ? t('activityFeed:privacy.public_short') : count ? t('activityFeed:privacy.custom_short', { count }) : t('activityFeed:privacy.self');
  const Icon = isPrivate(value) ? Lock : Globe;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t('activityFeed:privacy.button', { value: summary })} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon aria-hidden="true" />
        {summary}
      </Button>
      {open ? (
        <PrivacyDialog
          value={value}
          target={target}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            onChange(next);
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

function PrivacyDialog({ value, target, onClose, onApply }: { value: FeedPrivacy; target: FeedTarget; onClose: () => void; onApply: (value: FeedPrivacy) => void }) {
  const { t } = useTranslation(['activityFeed', 'common']);
  const id = useId();
  const [choice, setChoice] = useState<Choice>(choiceOf(value));
  const [users, setUsers] = useState<Map<number, string>>(new Map(value.users.map((user) => [user, ''])));
  const [subsidiaries, setSubsidiaries] = useState<number[]>(value.subsidiaries);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const people = useMentionables(debounced, target, choice === 'custom');
  const subsidiaryList = useSubsidiaries();
  const toggleUser = (user: number, name: string) =>
    setUsers((current) => {
      const next = new Map(current);
      if (next.has(user)) next.delete(user);
      else next.set(user, name);
      return next;
    });
  const apply = () => {
    if (choice === 'public') return onApply(PUBLIC);
    if (choice === 'self' || (users.size === 0 && subsidiaries.length === 0)) return onApply({ self: true, users: [], subsidiaries: [] });
    onApply({ self: false, users: [...users.keys()], subsidiaries });
  };
  const choices: Choice[] = ['public', 'self', 'custom'];
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title={t('activityFeed:privacy.title')} description={t('activityFeed:privacy.description')}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('activityFeed:privacy.title')}</legend>
          {choices.map((item) => (
            <label key={item} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={`${id}-choice`} value={item} checked={choice === item} onChange={() => setChoice(item)} className="size-4 accent-brand-600" />
              {t(`activityFeed:privacy.${item}`)}
            </label>
          ))}
        </fieldset>
        {choice === 'custom' ? (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('activityFeed:privacy.users')}</legend>
              <label htmlFor={`${id}-search`} className="sr-only">
                {t('activityFeed:privacy.search_users')}
              </label>
              <Input id={`${id}-search`} type="search" value={search} placeholder={t('activityFeed:privacy.search_users')} onChange={(event) => setSearch(event.target.value)} />
              <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
                {(people.data?.users ?? []).filter((user) => user.mentionable).map((user) => {
                  const name = `${user.firstname} ${user.lastname}`;
                  return (
                    <li key={user.id}>
                      <label className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                        <Checkbox checked={users.has(user.id)} onChange={() => toggleUser(user.id, name)} />
                        <span className="min-w-0 truncate">{name}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {people.data && !people.data.users.some((user) => user.mentionable) ? <p className="text-sm text-slate-600">{t('activityFeed:mentions.none')}</p> : null}
              {people.data?.truncated ? <p className="text-xs text-slate-600">{t('activityFeed:privacy.more_users')}</p> : null}
              {users.size ? <p className="text-xs text-slate-600">{t('activityFeed:privacy.chosen', { count: users.size })}</p> : null}
            </fieldset>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('activityFeed:privacy.subsidiaries')}</legend>
              {(subsidiaryList.data ?? []).map((subsidiary) => (
                <label key={subsidiary.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                  <Checkbox
                    checked={subsidiaries.includes(subsidiary.id)}
                    onChange={() => setSubsidiaries((list) => (list.includes(subsidiary.id) ? list.filter((s) => s !== subsidiary.id) : [...list, subsidiary.id]))}
                  />
                  <span className="min-w-0 truncate">{subsidiary.name}</span>
                </label>
              ))}
              {subsidiaryList.data && subsidiaryList.data.length === 0 ? <p className="text-sm text-slate-600">{t('activityFeed:privacy.no_subsidiaries')}</p> : null}
            </fieldset>
          </>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit">{t('activityFeed:privacy.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
