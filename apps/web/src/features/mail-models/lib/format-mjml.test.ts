import { describe, expect, it } from 'vitest';
import { formatMjml } from './format-mjml.ts';

describe('formatMjml', () => {
  it('puts each element on its own line, indented, and keeps what a text holds as written', () => {
    expect(
      formatMjml(
        '<mjml><mj-body background-color="#fff"><mj-section><mj-column><mj-text color="#000">Hello <b>{{candidate.firstname}}</b>,<br/>bye</mj-text><mj-divider/><mj-button href="{{offer.link}}">Go</mj-button></mj-column></mj-section></mj-body></mjml>',
      ),
    ).toBe(
      [
        '<mjml>',
        '  <mj-body background-color="#fff">',
        '    <mj-section>',
        '      <mj-column>',
        '        <mj-text color="#000">Hello <b>{{candidate.firstname}}</b>,<br/>bye</mj-text>',
        '        <mj-divider/>',
        '        <mj-button href="{{offer.link}}">Go</mj-button>',
        '      </mj-column>',
        '    </mj-section>',
        '  </mj-body>',
        '</mjml>',
      ].join('\n'),
    );
  });

  it('gives an already laid out document back unchanged', () => {
    const laidOut =
      '<mjml>\n  <mj-body>\n    <mj-section>\n      <mj-column>\n        <mj-text>Hi</mj-text>\n      </mj-column>\n    </mj-section>\n  </mj-body>\n</mjml>';
    expect(formatMjml(laidOut)).toBe(laidOut);
  });
});
