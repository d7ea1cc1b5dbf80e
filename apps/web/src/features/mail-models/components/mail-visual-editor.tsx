import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import grapesjs, { type Component, type Editor, type Plugin } from 'grapesjs';
import grapesjsMjml, { type PluginOptions as MjmlOptions } from 'grapesjs-mjml';
import 'grapesjs/dist/css/grapes.min.css';
import './mail-visual-editor.css';
import { Monitor, Redo2, Smartphone, Undo2 } from 'lucide-react';
import type { Language } from '@embauche/contracts/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toLanguage } from '../../../lib/language.ts';
import { formatMjml } from '../lib/format-mjml.ts';
import { MAIL_BLOCKS, type MailBlock } from '../lib/mail-blocks.ts';
import { MailElementSettings } from './mail-element-settings.tsx';

/** What the language panel asks of the editor. */
export type MailVisualEditorHandle = {
  /** The MJML the editor holds now, the text being typed included. */
  getMjml(): Promise<string>;
  /**
   * Inserts `token` at the caret of the text being edited, else at the end of the selected text
   * or button. False when neither is selected.
   */
  insertText(token: string): boolean;
};

export type MailVisualEditorProps = {
  /** The content to start from (read when the editor opens). */
  mjml: string;
  /** The language the e-mail is written in (the canvas document's `lang`). */
  contentLanguage: Language;
  handleRef: RefObject<MailVisualEditorHandle | null>;
  /** A change, a moment after it happened, and when the editor closes. */
  onChange: (mjml: string) => void;
  /** The content as the editor writes it back once loaded (its spacing and attribute order). */
  onLoad: (mjml: string) => void;
  /** Text typed in the canvas, not yet handed over (it is when the text is left or on getMjml). */
  onTyping: () => void;
};

type Loaded = { grapes?: Record<string, unknown>; mjml?: Record<string, unknown> };

/** The module's value, whichever way the bundler wrapped a CommonJS module. */
function unwrap<T>(module: unknown, has: (value: unknown) => boolean): T | undefined {
  let value = module;
  for (let depth = 0; depth < 3 && value && !has(value); depth++)
    value = (value as { default?: unknown }).default;
  return value && has(value) ? (value as T) : undefined;
}

const isRecord = (value: unknown) => typeof value === 'object' && value !== null;

/** grapesjs's and its MJML preset's own translations for the interface language (English is built in). */
const LOCALES: Record<Exclude<Language, 'en'>, () => Promise<[unknown, unknown]>> = {
  fr: () => Promise.all([import('grapesjs/locale/fr.mjs'), import('grapesjs-mjml/locale/fr.js')]),
  es: () => Promise.all([import('grapesjs/locale/es.mjs'), import('grapesjs-mjml/locale/es.js')]),
  de: () => Promise.all([import('grapesjs/locale/de.mjs'), import('grapesjs-mjml/locale/de.js')]),
};

async function loadLocale(language: Language): Promise<Loaded> {
  if (language === 'en') return {};
  const [grapes, mjml] = await LOCALES[language]();
  return {
    grapes: unwrap(grapes, (v) => isRecord(v) && 'blockManager' in v),
    mjml: unwrap(mjml, (v) => isRecord(v) && 'grapesjs-mjml' in v),
  };
}

/** grapesjs's text toolbar, in its order. */
const RTE_ACTIONS = ['bold', 'italic', 'underline', 'strikethrough', 'link', 'wrap'] as const;

const mjmlPlugin = unwrap<Plugin<MjmlOptions>>(grapesjsMjml, (v) => typeof v === 'function')!;

/** The editor's MJML, laid out one element per line (the code view and the saved model read it). */
const mjmlOf = (editor: Editor) => formatMjml(editor.getHtml().trim());

/** The editor's MJML once the text being typed (if any) is left and written back into its component. */
async function finishedMjml(editor: Editor): Promise<string> {
  const view = editor.getEditing()?.getView() as
    { disableEditing?: () => Promise<void> } | undefined;
  await view?.disableEditing?.();
  return mjmlOf(editor);
}

const isTextual = (component: Component) =>
  ['mj-text', 'mj-button'].includes(component.get('type') ?? '');

/**
 * The body's visual editor: grapesjs with its MJML preset, in a frame of the page (loaded with
 * this module only, on the editor page). Its own panels are off: the blocks, undo and redo, the
 * desktop and mobile views and the selected element's settings are the app's buttons and fields,
 * named and reachable with the keyboard. Nothing is fetched from elsewhere (no telemetry, no icon
 * font, no stored project), and its interface speaks the user's language.
 */
export default function MailVisualEditor({
  mjml,
  contentLanguage,
  handleRef,
  onChange,
  onLoad,
  onTyping,
}: MailVisualEditorProps) {
  const { t, i18n } = useTranslation(['grapesjs', 'mail']);
  const hintId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  // The content a new grapesjs instance starts from: the props' at first, then the editor's latest
  // (a change of interface language opens a new instance on what was written so far).
  const latest = useRef(mjml);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [failed, setFailed] = useState(false);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const callbacks = useRef({ onChange, onLoad, onTyping });
  useEffect(() => {
    callbacks.current = { onChange, onLoad, onTyping };
  });
  const uiLanguage = toLanguage(i18n.language);
  const canvasTitle = t('grapesjs:canvas');

  useEffect(() => {
    let cancelled = false;
    let instance: Editor | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hand = () => {
      clearTimeout(timer);
      if (!instance) return;
      const next = mjmlOf(instance);
      if (next !== latest.current) {
        latest.current = next;
        callbacks.current.onChange(next);
      }
    };
    loadLocale(uiLanguage)
      .then((messages) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        instance = grapesjs.init({
          container,
          height: '100%',
          width: 'auto',
          telemetry: false,
          storageManager: false,
          noticeOnUnload: false,
          // grapesjs would fetch Font Awesome from a CDN; its own icons are inline SVG.
          cssIcons: '',
          fromElement: false,
          components: latest.current,
          panels: { defaults: [] },
          deviceManager: {
            devices: [
              { id: 'desktop', name: 'desktop', width: '' },
              { id: 'mobile', name: 'mobile', width: '375px', widthMedia: '480px' },
            ],
          },
          i18n: {
            locale: uiLanguage,
            localeFallback: 'en',
            detectLocale: false,
            messagesAdd: messages.grapes ? { [uiLanguage]: messages.grapes } : {},
          },
          // The text toolbar's titles are English in grapesjs whatever its locale: the app's own.
          richTextEditor: {
            actions: RTE_ACTIONS.map((name) => ({
              name,
              attributes: { title: t(`grapesjs:rte.${name}`) },
            })) as unknown as string[],
          },
          canvasCss:
            '.gjs-selected{outline:2px solid #4338ca !important;outline-offset:-2px}.gjs-hovered{outline:1px dashed #4338ca !important}',
          plugins: [
            (ed) =>
              mjmlPlugin(ed, {
                resetDevices: false,
                useCustomTheme: false,
                blocks: [],
                fonts: {},
                i18n: messages.mjml ? { [uiLanguage]: messages.mjml } : {},
              }),
          ],
        });
        const loaded = instance;
        loaded.onReady(() => {
          if (cancelled) return;
          const frame = loaded.Canvas.getFrameEl();
          frame.title = canvasTitle;
          const doc = frame.contentDocument;
          if (doc) {
            doc.documentElement.lang = contentLanguage;
            doc.addEventListener('input', () => callbacks.current.onTyping());
          }
          // The preset's own blocks are replaced by the app's (MAIL_BLOCKS), for dragging.
          loaded.Blocks.getAll().reset();
          loaded.UndoManager.clear();
          latest.current = mjmlOf(loaded);
          callbacks.current.onLoad(latest.current);
          loaded.on('update', () => {
            clearTimeout(timer);
            timer = setTimeout(hand, 250);
          });
          setEditor(loaded);
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (!instance) return;
      const closing = instance;
      // A change made since the last hand-over (the 250 ms wait) reaches the form before the editor goes.
      const next = mjmlOf(closing);
      if (next !== latest.current) {
        latest.current = next;
        callbacks.current.onChange(next);
      }
      closing.destroy();
    };
  }, [uiLanguage, contentLanguage, canvasTitle, t]);

  useEffect(() => {
    handleRef.current = editor
      ? {
          getMjml: async () => {
            const mjml = await finishedMjml(editor);
            latest.current = mjml;
            return mjml;
          },
          insertText: (token) => insertText(editor, token),
        }
      : null;
    return () => {
      handleRef.current = null;
    };
  }, [editor, handleRef]);

  const texts = { text: t('grapesjs:default_text'), button: t('grapesjs:default_button') };
  const chooseDevice = (next: 'desktop' | 'mobile') => {
    editor?.setDevice(next);
    setDevice(next);
  };

  if (failed) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      >
        {t('grapesjs:load_failed')}
      </p>
    );
  }
  return (
    <div className="@container flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div
          role="group"
          aria-label={t('grapesjs:blocks')}
          aria-describedby={hintId}
          className="flex flex-wrap gap-1"
        >
          {MAIL_BLOCKS.map((block) => (
            <BlockButton key={block.id} block={block} editor={editor} texts={texts} />
          ))}
        </div>
        <div role="group" aria-label={t('grapesjs:toolbar')} className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('grapesjs:undo')}
            title={t('grapesjs:undo')}
            disabled={!editor}
            onClick={() => editor?.UndoManager.undo()}
          >
            <Undo2 aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('grapesjs:redo')}
            title={t('grapesjs:redo')}
            disabled={!editor}
            onClick={() => editor?.UndoManager.redo()}
          >
            <Redo2 aria-hidden="true" />
          </Button>
        </div>
        <div role="group" aria-label={t('grapesjs:view')} className="flex gap-1">
          <Button
            variant={device === 'desktop' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={t('grapesjs:desktop')}
            title={t('grapesjs:desktop')}
            aria-pressed={device === 'desktop'}
            disabled={!editor}
            onClick={() => chooseDevice('desktop')}
          >
            <Monitor aria-hidden="true" />
          </Button>
          <Button
            variant={device === 'mobile' ? 'secondary' : 'ghost'}
            size="icon"
            aria-label={t('grapesjs:mobile')}
            title={t('grapesjs:mobile')}
            aria-pressed={device === 'mobile'}
            disabled={!editor}
            onClick={() => chooseDevice('mobile')}
          >
            <Smartphone aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t('grapesjs:blocks_hint')}
      </p>
      <div className="flex flex-col gap-3 @3xl:flex-row">
        <div className="mail-visual-editor relative h-[34rem] min-w-0 overflow-hidden @3xl:flex-1 rounded-lg border border-slate-300">
          <div ref={containerRef} className="h-full" />
          {editor ? null : (
            <div className="absolute inset-0 flex items-center justify-center bg-white">
              <Spinner label={t('grapesjs:loading')} />
            </div>
          )}
        </div>
        {editor ? (
          <MailElementSettings editor={editor} className="@3xl:w-72 @3xl:shrink-0" />
        ) : null}
      </div>
    </div>
  );
}

/** One block: a click adds it after the selected element (or at the end); it can also be dragged into the canvas. */
function BlockButton({
  block,
  editor,
  texts,
}: {
  block: MailBlock;
  editor: Editor | null;
  texts: { text: string; button: string };
}) {
  const { t } = useTranslation('grapesjs');
  const Icon = block.icon;
  const content = block.content(texts);
  return (
    <Button
      variant="outline"
      size="sm"
      draggable={Boolean(editor)}
      disabled={!editor}
      onClick={() => editor && addBlock(editor, block, content)}
      onDragStart={(event) => {
        if (!editor) return;
        const model =
          editor.Blocks.get(block.id) ?? editor.Blocks.add(block.id, { label: block.id, content });
        model.set('content', content);
        editor.Blocks.startDrag(model, event.nativeEvent);
      }}
      onDragEnd={() => editor?.Blocks.endDrag()}
    >
      <Icon aria-hidden="true" />
      {t(`grapesjs:block.${block.id}`)}
    </Button>
  );
}

/** Adds `content` after the selected element (or section), else at the end of the body's last column (or of the body). */
function addBlock(editor: Editor, block: MailBlock, content: string) {
  const body = editor.getWrapper()?.findType('mj-body')[0];
  if (!body) return;
  const selected = editor.getSelected();
  let parent: Component;
  let at: number;
  if (block.level === 'section') {
    const section = selected?.is('mj-section') ? selected : selected?.closestType('mj-section');
    parent = body;
    at = section && section.parent() === body ? section.index() + 1 : body.components().length;
  } else {
    const column = selected?.is('mj-column') ? selected : selected?.closestType('mj-column');
    const inColumn = selected && column && selected !== column && selected.parent() === column;
    const target = column ?? body.findType('mj-column').at(-1);
    if (!target) {
      const section = first(
        body.components().add(`<mj-section><mj-column>${content}</mj-column></mj-section>`),
      );
      const added = section?.findType('mj-column')[0]?.components().at(0);
      if (added) editor.select(added);
      return;
    }
    parent = target;
    at = inColumn ? selected.index() + 1 : target.components().length;
  }
  const added = first(parent.components().add(content, { at }));
  if (added) editor.select(added);
}

const first = (added: Component | Component[]) => (Array.isArray(added) ? added[0] : added);

/** Inserts at the caret of the text being edited, else at the end of the selected text or button. */
function insertText(editor: Editor, token: string): boolean {
  const rte = editor.RichTextEditor.globalRte;
  if (editor.getEditing() && rte) {
    rte.insertHTML(token);
    return true;
  }
  const selected = editor.getSelected();
  if (!selected || !isTextual(selected)) return false;
  selected.components().add({ type: 'textnode', content: ` ${token}` });
  return true;
}
