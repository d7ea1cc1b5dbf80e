import { describe, expect, it } from 'vitest';
import { pageScripts, type Manifest } from './bundle-budget.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], dynamicImports: ['src/login.tsx', 'src/editor.tsx'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/login.tsx': { file: 'assets/login-1.js', imports: ['_react-1.js', '_form-1.js'] },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_react-1.js'] },
  'src/editor.tsx': { file: 'assets/editor-1.js', imports: ['_form-1.js'] },
};

describe('bundle budget', () => {
  it('counts the chunks a page imports statically, once each, and not those it may import later', () => {
    expect(pageScripts(manifest, ['index.html', 'src/login.tsx']).sort()).toEqual([
      'assets/form-1.js',
      'assets/index-1.js',
      'assets/login-1.js',
      'assets/react-1.js',
    ]);
  });

  it('fails on an entry that is no chunk of the build', () => {
    expect(() => pageScripts(manifest, ['src/gone.tsx'])).toThrow(/src\/gone.tsx/);
  });
});
