import { useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_FILES_MAX, FEED_TEXT_MAX, type TFeedEntry } from '@embauche/contracts/activity-feed';
import { AttachFilesButton } from '../../../components/attach-files-button.tsx';
import { AttachedFileList } from '../../../components/attached-file-list.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { fileSizeError } from '../../../lib/upload-limit.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { FeedTarget } from '../api/feed-query-keys.ts';
import { useMentionables } from '../api/get-mentionables.ts';
import type { FeedCommentDisplay } from '../api/post-feed-comment.ts';
import { PUBLIC, type FeedCommentInput, type FeedPrivacy } from '../lib/feed-form-data.ts';
import { insertMention, mentionTokenAt, type MentionToken } from '../lib/mention-token.ts';
import { MentionPicker, mentionOptionId, type MentionOption } from './mention-picker.tsx';
import { PrivacyPicker } from './privacy-picker.tsx';

export type ComposerMode = 'comment' | 'reply' | 'edit';

/** A mention picked in the composer; it is sent only while its `@label` is still in the text. */
type Picked = { type: 'user' | 'group'; id: number; label: string; firstname?: string; lastname?: string };

type Props = {
  mode: ComposerMode;
  /** The comment being edited: its text and mentions fill the composer. */
  editing?: TFeedEntry;
  /** Resolves false when the post failed: the composer gets its text back. */
  onSubmit: (input: Omit<FeedCommentInput, 'source'>, display: FeedCommentDisplay) => Promise<boolean> | boolean;
  onCancel?: () => void;
  /** Opened on demand (reply, edit): the text box takes the focus. */
  focusOnOpen?: boolean;
  /** What the comment is on: the mention picker offers those who can see it. */
  target: FeedTarget;
};

function initialPicked(entry: TFeedEntry | undefined): Picked[] {
  if (!entry) return [];
  return [
    ...entry.mentions.users.map((u) => ({ type: 'user' as const, id: u.id, label: `${u.firstname} ${u.lastname}`, firstname: u.firstname, lastname: u.lastname })),
    ...entry.mentions.groups.map((g) => ({ type: 'group' as const, id: g.id, label: g.name })),
  ];
}

/**
 * Writes a comment, a reply or an edit: `@` opens the mention picker, files come from the attach
 * button or a drop on the composer, and a new comment chooses who sees it. Ctrl or Cmd + Enter sends.
 */
export function FeedComposer({ mode, editing, onSubmit, onCancel, focusOnOpen, target }: Props) {
  const { t } = useTranslation(['activityFeed', 'common', 'errors']);
  const id = useId();
  const listId = `${id}-mentions`;
  const textRef = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a picked mention's text is on screen. */
  const caretAfterPick = useRef<number | null>(null);
  const [text, setText] = useState(editing?.text ?? '');
  const [picked, setPicked] = useState<Picked[]>(() => initialPicked(editing));
  const [files, setFiles] = useState<File[]>([]);
  const [privacy, setPrivacy] = useState<FeedPrivacy>(PUBLIC);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [token, setToken] = useState<MentionToken | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const searching = token !== null && token.start !== dismissedAt;
  const search = useDebouncedValue(token?.query ?? '', 200);
  const mentionables = useMentionables(search, target, searching);
  const options = useMemo<MentionOption[]>(() => {
    if (!searching || !mentionables.data) return [];
    const all: MentionOption[] = [
      ...mentionables.data.users.map((u) => ({ type: 'user' as const, id: u.id, label: `${u.firstname} ${u.lastname}`, email: u.email, img_src: u.img_src, blocked: u.mentionable ? null : (u.reason ?? 'no_access') })),
      ...mentionables.data.groups.map((g) => ({
        type: 'group' as const,
        id: g.id,
        label: g.name,
        members: g.members,
        reachable: g.reachable_members,
        blocked: g.reachable_members > 0 ? null : ('no_member' as const),
      })),
    ];
    // Those who can be told first; the others after them, greyed.
    return [...all.filter((o) => !o.blocked), ...all.filter((o) => o.blocked)];
  }, [searching, mentionables.data]);
  // Past a blank, no match means the user is writing on, not looking for someone: no "nobody matches".
  const open = searching && (options.length > 0 || !token.query.includes(' '));
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const readToken = (element: HTMLTextAreaElement) => {
    const next = mentionTokenAt(element.value, element.selectionStart ?? element.value.length, picked.map((p) => p.label));
    setToken(next);
    if (next?.start !== token?.start) setActive(0);
  };

  const pick = (option: MentionOption) => {
    if (!token || option.blocked) return;
    const next = insertMention(text, token, option.label);
    setText(next.text);
    setPicked((list) => (list.some((p) => p.type === option.type && p.id === option.id) ? list : [...list, toPicked(option)]));
    setToken(null);
    caretAfterPick.current = next.caret;
  };

  // Placed in the render that shows the new text, before any further key reaches the field: a caret
  // placed a frame later sent the letters typed meanwhile to the wrong place.
  useLayoutEffect(() => {
    const element = textRef.current;
    const caret = caretAfterPick.current;
    if (caret === null || !element) return;
    caretAfterPick.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  const addFiles = (list: FileList | File[] | null) => {
    if (!list) return;
    const added = Array.from(list);
    setFiles((current) => [...current, ...added]);
    setError(null);
  };

  const reset = () => {
    setText('');
    setPicked([]);
    setFiles([]);
    setToken(null);
    setError(null);
  };

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed && files.length === 0) return setError(t('activityFeed:composer.required'));
    if (text.length > FEED_TEXT_MAX) return setError(translateErrorCode(t, `max_length:${FEED_TEXT_MAX}`));
    if (files.length > FEED_FILES_MAX) return setError(t('activityFeed:composer.too_many_files', { count: FEED_FILES_MAX }));
    const tooLarge = files.map(fileSizeError).find(Boolean);
    if (tooLarge) return setError(translateErrorCode(t, tooLarge));
    // A mention counts while its name is still in the text.
    const kept = picked.filter((p) => text.includes(`@${p.label}`));
    const input = {
      text: trimmed,
      mentions: { users: kept.filter((p) => p.type === 'user').map((p) => p.id), group: kept.filter((p) => p.type === 'group').map((p) => p.id) },
      privacy: mode === 'comment' ? privacy : undefined,
      files,
    };
    const display: FeedCommentDisplay = {
      mentions: {
        users: kept.filter((p) => p.type === 'user').map((p) => ({ id: p.id, firstname: p.firstname ?? p.label, lastname: p.lastname ?? '' })),
        groups: kept.filter((p) => p.type === 'group').map((p) => ({ id: p.id, name: p.label })),
      },
    };
    const snapshot = { text, picked, files };
    reset();
    const ok = await onSubmit(input, display);
    if (!ok) {
      setText(snapshot.text);
      setPicked(snapshot.picked);
      setFiles(snapshot.files);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && options.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // The greyed ones can be read (they follow), and are passed over by Enter.
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        const option = options[activeIndex];
        if (option && !option.blocked) pick(option);
        return;
      }
    }
    if (open && event.key === 'Escape') {
      // Closes the suggestions only, not a dialog around.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(token?.start ?? null);
      return;
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
      return;
    }
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const label = t(mode === 'reply' ? 'activityFeed:composer.reply_label' : mode === 'edit' ? 'activityFeed:composer.edit_label' : 'activityFeed:composer.label');
  const activeOption = open ? options[activeIndex] : undefined;
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn('relative flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2 sm:p-3', dragging && 'border-brand-500 bg-brand-50')}
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <div className="relative">
      <textarea
        ref={textRef}
        id={`${id}-text`}
        value={text}
        rows={mode === 'comment' ? 3 : 2}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened on demand (reply, edit): the text box is where the user goes
        autoFocus={focusOnOpen}
        placeholder={t('activityFeed:composer.placeholder')}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeOption ? mentionOptionId(listId, activeOption) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
          readToken(event.target);
        }}
        onSelect={(event) => readToken(event.currentTarget)}
        onKeyDown={onKeyDown}
        onBlur={() => setToken(null)}
        className="min-h-16 w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
      />
      {/* Over what follows, so that opening and closing it never moves the buttons under the pointer. */}
      {open ? (
        <div className="absolute inset-x-0 top-full z-20 mt-1">
          <MentionPicker id={listId} options={options} active={activeIndex} loading={mentionables.isFetching} onOffer={!target.applicant_id} onPick={pick} onHover={setActive} />
        </div>
      ) : null}
      </div>
      {dragging ? <p className="text-sm font-medium text-brand-800">{t('activityFeed:composer.drop')}</p> : null}
      <AttachedFileList files={files} onRemove={(index) => setFiles((list) => list.filter((_, i) => i !== index))} />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <AttachFilesButton onFiles={addFiles} />
        {mode === 'comment' ? <PrivacyPicker value={privacy} onChange={setPrivacy} target={target} /> : null}
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm">
            {t(mode === 'reply' ? 'activityFeed:reply' : mode === 'edit' ? 'common:save' : 'activityFeed:composer.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function toPicked(option: MentionOption): Picked {
  if (option.type === 'group') return { type: 'group', id: option.id, label: option.label };
  const [firstname = option.label, ...rest] = option.label.split(' ');
  return { type: 'user', id: option.id, label: option.label, firstname, lastname: rest.join(' ') };
}
