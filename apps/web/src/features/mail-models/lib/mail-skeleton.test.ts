import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, unknownMergeFields } from '@embauche/contracts/mail-models';
import { mailSkeleton } from './mail-skeleton.ts';

const texts = {
  greeting: 'Bonjour {{candidate.firstname}},',
  body: 'A & <b>',
  closing: 'Cordialement,',
};

describe('mailSkeleton', () => {
  it.each(MAIL_KINDS)('starts a %s model with merge fields the kind knows', (kind) => {
    const mjml = mailSkeleton(kind, texts);
    expect(mjml).toMatch(/^<mjml>[\s\S]*<mj-body[\s\S]*<\/mjml>$/);
    expect(unknownMergeFields(kind, mjml)).toEqual([]);
  });

  it('signs with the sender where the kind has one, escapes the texts and names no web font', () => {
    expect(mailSkeleton('refusal', texts)).toContain('{{sender.fullname}}<br />{{company.name}}');
    expect(mailSkeleton('application_received', texts)).not.toContain('sender.');
    expect(mailSkeleton('refusal', texts)).toContain('A &amp; &lt;b&gt;');
    expect(mailSkeleton('refusal', texts)).toContain('font-family="Arial, Helvetica, sans-serif"');
  });
});
