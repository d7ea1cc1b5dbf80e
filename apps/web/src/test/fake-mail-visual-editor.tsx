import { useEffect, useRef } from 'react';
import type { MailVisualEditorProps } from '../features/mail-models/components/mail-visual-editor.tsx';

/**
 * The e-mail editors' visual editor in tests: grapesjs does not run in jsdom, so a text area that
 * keeps its handle's promises stands in (`vi.mock` of mail-visual-editor.tsx).
 */
export default function FakeVisualEditor({
  mjml,
  handleRef,
  onChange,
  onLoad,
}: MailVisualEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    onLoad(mjml);
    handleRef.current = {
      getMjml: () => Promise.resolve(area.current?.value ?? ''),
      insertText: (token) => {
        if (!area.current) return false;
        area.current.value += token;
        onChange(area.current.value);
        return true;
      },
    };
    return () => {
      handleRef.current = null;
    };
    // Once, as grapesjs reads its content once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <textarea
      ref={area}
      aria-label="Visual editor (test)"
      defaultValue={mjml}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
