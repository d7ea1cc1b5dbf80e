import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell) when installed, else
 * Debian's Chromium. The shell is the same engine without the browser's window machinery: it took
 * 29 % less CPU on a spec file (applicant.spec, 149 → 106 s of CPU alone on a quiet machine), and
 * the browser tests are CPU-bound (docs/testing.md). `.ci/run` installs both.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium with the flags this machine needs (DESIGN section 7). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The whole page by default; `fullPage: false` keeps only the window (an overlay, a sheet).
 *
 * Not Playwright's `fullPage`: Chromium captures beyond the viewport by resizing the view, and the
 * first such capture of a page passes through a 1×1 window (seen as a `resize` event). The app
 * then crosses its phone breakpoint and back: the filters move into their sheet and out, an open
 * popover closes and focus falls to the body (the date picker test in projects.spec failed so, now
 * and then). A page taller than the window is taken by making the window as tall as the page, its
 * width unchanged (no width breakpoint crossed), then giving the window its size back.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  const viewport = page.viewportSize();
  const height = fullPage && viewport ? await page.evaluate(() => document.documentElement.scrollHeight) : 0;
  if (!viewport || height <= viewport.height) {
    await page.screenshot({ path: file, fullPage: fullPage && !viewport });
    return;
  }
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, MAX_SCREENSHOT_HEIGHT) });
  try {
    await page.screenshot({ path: file });
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** Chromium's largest capture; a longer page is cut there. */
const MAX_SCREENSHOT_HEIGHT = 16_000;

/** axe violations of impact serious or critical, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Axe measures contrast on what is painted: a toast sliding in (opacity below 1) or a dialog
  // fading made flaky colour-contrast findings. The finite animations and transitions end first
  // (a spinner's endless one is left alone; three seconds at most).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  // Toasts come and go on their own clock (3 s, then a 0.4 s fade): one caught mid-fade read as
  // low contrast (seen twice in clean runs). They are left out of the page-wide analysis.
  // Only the violations are collected in full (`resultTypes`): the passes and incomplete checks,
  // never read here, are listed by one node each (about half the time of an analysis, measured).
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .exclude('[data-sonner-toaster]')
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

export type Overflow = {
  /** How far the document scrolls sideways, in CSS pixels (0 when it does not). */
  overflow: number;
  /** The outermost elements that stick out of the viewport (not inside their own scrolling frame), widest first. */
  offenders: string[];
};

/**
 * Runs in the page. Kept as text: tsx would wrap named helpers in `__name(…)`, which the page lacks.
 * An offender sticks out on the right, is not inside a frame that clips or scrolls, and its parent does not.
 */
const OVERFLOW_SCRIPT = `(() => {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (element) => {
    const id = element.id ? '#' + element.id : '';
    const className = typeof element.className === 'string' ? element.className.trim() : '';
    const classes = className ? '.' + className.split(/\\s+/).slice(0, 4).join('.') : '';
    const label = element.getAttribute('aria-label') || element.getAttribute('data-testid');
    return element.tagName.toLowerCase() + id + classes + (label ? '[' + label + ']' : '');
  };
  // An ancestor clips only what it contains: an absolute element escapes static ancestors.
  const clipped = (element) => {
    let absolute = getComputedStyle(element).position === 'absolute';
    for (let parent = element.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.position === 'fixed') return true;
      if (absolute && style.position === 'static') continue;
      if (style.overflowX !== 'visible') return true;
      absolute = style.position === 'absolute';
    }
    return false;
  };
  const sticking = new Map();
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const right = element.getBoundingClientRect().right + window.scrollX;
    if (right <= width + 0.5) continue;
    if (getComputedStyle(element).position === 'fixed' || clipped(element)) continue;
    sticking.set(element, right);
  }
  // Only the outermost: an offender whose parent does not itself stick out (an absolute element
  // escaping a scrolling frame is its own offender even though its clipped parent is wide).
  const found = [];
  for (const [element, right] of sticking) {
    if (element.parentElement && sticking.has(element.parentElement)) continue;
    found.push({ right, text: describe(element) + ' (right ' + Math.round(right) + 'px)' });
  }
  found.sort((a, b) => b.right - a.right);
  return { overflow: root.scrollWidth - width, offenders: found.slice(0, 3).map((item) => item.text) };
})()`;

/** The document's scrollWidth minus its clientWidth, and the elements responsible, for assertion messages. */
export async function horizontalOverflow(page: Page): Promise<Overflow> {
  return page.evaluate<Overflow>(OVERFLOW_SCRIPT);
}
