import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Component, Editor } from 'grapesjs';
import { ArrowUpToLine, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';

type FieldKind = 'text' | 'url' | 'color' | 'align';
type Field = { name: string; kind: FieldKind };

/** The MJML attributes each element offers to set (the others stay as the code writes them). */
const FIELDS: Record<string, Field[]> = {
  'mj-body': [{ name: 'background-color', kind: 'color' }],
  'mj-section': [{ name: 'background-color', kind: 'color' }],
  'mj-column': [{ name: 'background-color', kind: 'color' }],
  'mj-text': [
    { name: 'color', kind: 'color' },
    { name: 'font-size', kind: 'text' },
    { name: 'align', kind: 'align' },
  ],
  'mj-button': [
    { name: 'href', kind: 'url' },
    { name: 'background-color', kind: 'color' },
    { name: 'color', kind: 'color' },
    { name: 'align', kind: 'align' },
  ],
  'mj-image': [
    { name: 'src', kind: 'url' },
    { name: 'alt', kind: 'text' },
    { name: 'href', kind: 'url' },
    { name: 'width', kind: 'text' },
  ],
  'mj-divider': [
    { name: 'border-color', kind: 'color' },
    { name: 'border-width', kind: 'text' },
  ],
  'mj-spacer': [{ name: 'height', kind: 'text' }],
  // A link written in a text (the text toolbar's link button).
  link: [{ name: 'href', kind: 'url' }],
};

const NAMED_TYPES = new Set([
  'mj-body',
  'mj-section',
  'mj-column',
  'mj-text',
  'mj-button',
  'mj-image',
  'mj-divider',
  'mj-spacer',
  'link',
]);

type Entry = { component: Component; depth: number };

/** The body and everything in it, in reading order: its MJML elements and the links in its texts. */
function outline(component: Component, depth = 0): Entry[] {
  const type = component.get('type') ?? '';
  const listed = type.startsWith('mj-') || type === 'link';
  const children: Entry[] = [];
  component
    .components()
    .forEach((child: Component) => children.push(...outline(child, listed ? depth + 1 : depth)));
  return listed ? [{ component, depth }, ...children] : children;
}

const textOf = (component: Component) =>
  component
    .getInnerHTML()
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** `#abc` or `#aabbcc` as the colour field's `#aabbcc`; anything else is not shown there. */
function hexColour(value: string): string | undefined {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short)
    return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : undefined;
}

/**
 * The selected element's settings: a list of every element (to select one without a mouse), its
 * link, colours, alignment or size, and buttons to select its container or delete it. grapesjs's
 * own trait and style managers are not used: their fields have no names for screen readers.
 */
export function MailElementSettings({ editor, className }: { editor: Editor; className?: string }) {
  const { t } = useTranslation('grapesjs');
  const id = useId();
  const [selected, setSelected] = useState<Component | undefined>(() => editor.getSelected());
  // grapesjs's models change in place: a counter re-renders the panel on each change.
  const [, setVersion] = useState(0);
  useEffect(() => {
    const refresh = () => {
      setSelected(editor.getSelected());
      setVersion((version) => version + 1);
    };
    const events = 'component:toggled component:add component:remove component:update';
    editor.on(events, refresh);
    return () => void editor.off(events, refresh);
  }, [editor]);

  const body = editor.getWrapper()?.findType('mj-body')[0];
  const entries = body ? outline(body) : [];
  const typeName = (component: Component) => {
    const type = component.get('type') ?? '';
    return t(`grapesjs:types.${NAMED_TYPES.has(type) ? type : 'other'}`);
  };
  const label = ({ component, depth }: Entry) => {
    const text = ['mj-text', 'mj-button', 'link'].includes(component.get('type') ?? '')
      ? textOf(component)
      : '';
    const name = text
      ? t('grapesjs:element_text', { type: typeName(component), text: text.slice(0, 40) })
      : typeName(component);
    // Sections at the left edge beside the body that holds them all, columns one step in, and so on.
    return `${'\u00a0\u00a0'.repeat(Math.max(0, depth - 1))}${name}`;
  };
  const type = selected?.get('type') ?? '';
  const fields = FIELDS[type] ?? [];
  const parent = selected?.parent();

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3',
        className,
      )}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('grapesjs:properties')}
      </h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-element`} className="text-sm font-medium text-slate-800">
          {t('grapesjs:element')}
        </label>
        <Select
          id={`${id}-element`}
          value={selected?.cid ?? ''}
          onChange={(event) => {
            const entry = entries.find((e) => e.component.cid === event.target.value);
            if (entry) editor.select(entry.component);
            else editor.select([]);
          }}
        >
          <option value="">{t('grapesjs:no_element')}</option>
          {entries.map((entry) => (
            <option key={entry.component.cid} value={entry.component.cid}>
              {label(entry)}
            </option>
          ))}
        </Select>
      </div>
      {selected ? (
        <>
          {fields.map((field) => (
            <AttributeField
              key={`${selected.cid}-${field.name}`}
              component={selected}
              field={field}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            {parent && parent.get('type')?.startsWith('mj-') ? (
              <Button variant="outline" size="sm" onClick={() => editor.select(parent)}>
                <ArrowUpToLine aria-hidden="true" />
                {t('grapesjs:select_parent')}
              </Button>
            ) : null}
            {type !== 'mj-body' && type !== 'mjml' ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  selected.remove();
                  editor.select(parent && parent.get('type') !== 'mjml' ? parent : []);
                }}
              >
                <Trash2 aria-hidden="true" />
                {t('grapesjs:delete_element')}
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">{t('grapesjs:properties_hint')}</p>
      )}
    </section>
  );
}

/** One attribute of the selected element; a change applies at once (grapesjs records it for undo). */
function AttributeField({ component, field }: { component: Component; field: Field }) {
  const { t } = useTranslation('grapesjs');
  const id = useId();
  const value = String(component.getAttributes()[field.name] ?? '');
  const label = t(`grapesjs:props.${field.name}`);
  // MJML attributes are written between double quotes: one typed here would end the attribute.
  const set = (next: string) => {
    const clean = next.replace(/"/g, '');
    if (clean) component.addAttributes({ [field.name]: clean });
    else component.removeAttributes(field.name);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {field.kind === 'color' ? (
        <input
          id={id}
          type="color"
          value={hexColour(value) ?? '#000000'}
          onChange={(event) => set(event.target.value)}
          className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        />
      ) : field.kind === 'align' ? (
        <Select id={id} value={value} onChange={(event) => set(event.target.value)}>
          <option value="">{t('grapesjs:align.default')}</option>
          <option value="left">{t('grapesjs:align.left')}</option>
          <option value="center">{t('grapesjs:align.center')}</option>
          <option value="right">{t('grapesjs:align.right')}</option>
        </Select>
      ) : (
        <>
          <Input
            id={id}
            type="text"
            inputMode={field.kind === 'url' ? 'url' : undefined}
            value={value}
            aria-describedby={field.name === 'href' ? `${id}-hint` : undefined}
            onChange={(event) => set(event.target.value)}
          />
          {field.name === 'href' ? (
            <p id={`${id}-hint`} className="text-xs text-slate-600">
              {t('grapesjs:props.href_hint')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
