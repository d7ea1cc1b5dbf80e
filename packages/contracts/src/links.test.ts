import { describe, expect, it } from 'vitest';
import { CONTACT_SCHEMES, isSafeLink, zLink } from './links.ts';

describe('links', () => {
  it('accepts web links only', () => {
    for (const ok of ['https://visio.test/x', 'http://exemple.fr/offre?id=1'])
      expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@b.test',
      '/relative/path',
      'visio.test',
      'java\tscript:alert(1)',
      'https:/no-host',
      'https://',
      'https://a b.test',
      '',
      null,
    ])
      expect(isSafeLink(bad), String(bad)).toBe(false);
  });

  it('takes mailto: and tel: where a field means them', () => {
    expect(isSafeLink('mailto:rh@exemple.fr', CONTACT_SCHEMES)).toBe(true);
    expect(isSafeLink('tel:+33123456789', CONTACT_SCHEMES)).toBe(true);
    expect(isSafeLink('javascript:alert(1)', CONTACT_SCHEMES)).toBe(false);
  });

  it('answers the error codes of the forms', () => {
    expect(zLink().safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe('invalid_url');
    expect(zLink(20).safeParse(`https://x.test/${'a'.repeat(30)}`).error?.issues[0]?.message).toBe(
      'max_length:20',
    );
    expect(zLink().parse('  https://x.test  ')).toBe('https://x.test');
  });
});
