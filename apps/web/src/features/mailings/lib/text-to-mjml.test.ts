import { describe, expect, it } from 'vitest';
import { mergeFieldsIn } from '@embauche/contracts/mail-models';
import { escapeHtml, paragraphsOf, textToMjml } from './text-to-mjml.ts';

describe('textToMjml', () => {
  it('makes one <mj-text> per paragraph, keeps single line breaks and merge fields', () => {
    const mjml = textToMjml(
      'Bonjour {{candidate.firstname}},\r\n\r\n\r\nMerci pour votre candidature.\nÀ bientôt\n  \n{{sender.fullname}}\n',
    );
    const texts = [...mjml.matchAll(/<mj-text[^>]*>(.*?)<\/mj-text>/g)].map((m) => m[1]);
    expect(texts).toEqual([
      'Bonjour {{candidate.firstname}},',
      'Merci pour votre candidature.<br />À bientôt',
      '{{sender.fullname}}',
    ]);
    expect(mjml.startsWith('<mjml>')).toBe(true);
    expect(mjml.trimEnd().endsWith('</mjml>')).toBe(true);
    expect(mergeFieldsIn(mjml)).toEqual(['candidate.firstname', 'sender.fullname']);
  });

  it('escapes the text: markup typed in the box reads as text', () => {
    const mjml = textToMjml(
      '<b>Gras</b> & "guillemets" l\'offre </mj-text><mj-raw><script>x</script>',
    );
    expect(mjml).toContain(
      '&lt;b&gt;Gras&lt;/b&gt; &amp; &quot;guillemets&quot; l&#39;offre &lt;/mj-text&gt;&lt;mj-raw&gt;&lt;script&gt;x&lt;/script&gt;',
    );
    expect(mjml).not.toContain('<b>');
    expect(mjml.match(/<mj-text/g)).toHaveLength(1);
  });

  it('keeps merge fields written with spaces inside the braces', () => {
    expect(escapeHtml('{{ candidate.lastname }}')).toBe('{{ candidate.lastname }}');
  });

  it('reads no paragraph in a blank text', () => {
    expect(paragraphsOf(' \n\n \t\n')).toEqual([]);
  });
});
