import { useEditor, EditorContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Redo2, Undo2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

type Props = { value: string; onChange: (html: string) => void; labelledBy: string; describedBy?: string };

type Tool = { name: string; icon: LucideIcon; run: () => void; active?: boolean };

/** Tiptap with a small toolbar (bold, italic, heading, lists, undo). Loaded lazily: it is heavy. */
export default function RichTextEditor({ value, onChange, labelledBy, describedBy }: Props) {
  const { t } = useTranslation('projects');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: false, codeBlock: false })],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'prose-offer min-h-48 px-3 py-2 text-sm text-slate-900 focus-visible:outline-none',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { name: 'bold', icon: Bold, run: () => chain().toggleBold().run(), active: editor.isActive('bold') },
    { name: 'italic', icon: Italic, run: () => chain().toggleItalic().run(), active: editor.isActive('italic') },
    { name: 'heading', icon: Heading2, run: () => chain().toggleHeading({ level: 2 }).run(), active: editor.isActive('heading') },
    { name: 'bullet_list', icon: List, run: () => chain().toggleBulletList().run(), active: editor.isActive('bulletList') },
    { name: 'ordered_list', icon: ListOrdered, run: () => chain().toggleOrderedList().run(), active: editor.isActive('orderedList') },
    { name: 'undo', icon: Undo2, run: () => chain().undo().run() },
    { name: 'redo', icon: Redo2, run: () => chain().redo().run() },
  ];
  return (
    <div className="rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500">
      <div role="toolbar" aria-label={t('projects:editor.toolbar')} className="flex flex-wrap gap-1 border-b border-slate-200 p-1">
        {tools.map(({ name, icon: Icon, run, active }) => (
          <button
            key={name}
            type="button"
            onClick={run}
            aria-label={t(`projects:editor.${name}`)}
            aria-pressed={active === undefined ? undefined : active}
            className={cn('inline-flex size-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500', active && 'bg-slate-200 text-slate-900')}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
