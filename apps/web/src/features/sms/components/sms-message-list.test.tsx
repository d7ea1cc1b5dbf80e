import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { TSmsMessage } from '@embauche/contracts/sms';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { SmsMessageList } from './sms-message-list.tsx';

function message(id: number): TSmsMessage {
  return {
    id,
    conversation_id: 1,
    direction: id % 2 ? 'outbound' : 'inbound',
    sender: id % 2 ? 7 : null,
    message: `Message ${id}`,
    received: id % 2 === 0,
    received_at: null,
    state: id % 2 ? 'sent' : 'received',
    reason: null,
    segments: 1,
    created_at: new Date(Date.UTC(2025, 0, 1, 9, id)).toISOString(),
    people: { name: id % 2 ? 'Camille Martin' : 'Léa Moreau', img: null },
  };
}

const messages = (count: number) => Array.from({ length: count }, (_, i) => message(i + 1));

/** jsdom lays nothing out: the log gets a 200 px window over 100 px per message. */
function layOut(log: HTMLElement) {
  let top = 0;
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => log.querySelectorAll('li').length * 100 });
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, log.scrollHeight - 200));
    },
  });
}

function setup(count: number) {
  const i18n = createTestI18n();
  const ui = (list: TSmsMessage[]) => (
    <I18nextProvider i18n={i18n}>
      <TooltipProvider>
        <SmsMessageList messages={list} label="Messages avec Léa Moreau" />
      </TooltipProvider>
    </I18nextProvider>
  );
  const view = render(ui(messages(count)));
  const log = screen.getByRole('log', { name: 'Messages avec Léa Moreau' });
  layOut(log);
  return { log, show: (n: number) => view.rerender(ui(messages(n))) };
}

/** The user scrolls the list to `top` (a scroll event follows, as in a browser). */
function scrollTo(log: HTMLElement, top: number) {
  log.scrollTop = top;
  fireEvent.scroll(log);
}

describe('SMS message list auto-scroll', () => {
  it('follows new messages while at the bottom', () => {
    const { log, show } = setup(3);
    show(4);
    expect(log.scrollTop).toBe(200);
    show(6);
    expect(log.scrollTop).toBe(400);
    expect(screen.queryByRole('button', { name: 'Aller au dernier message' })).not.toBeInTheDocument();
  });

  it('stops following once scrolled away, offers the way back, and follows again from the bottom', async () => {
    const user = userEvent.setup();
    const { log, show } = setup(3);
    show(5);
    expect(log.scrollTop).toBe(300);
    scrollTo(log, 50);
    const button = await screen.findByRole('button', { name: 'Aller au dernier message' });
    show(6);
    // Reading older messages: a new one does not pull the list down.
    expect(log.scrollTop).toBe(50);
    await user.click(button);
    expect(log.scrollTop).toBe(400);
    expect(screen.queryByRole('button', { name: 'Aller au dernier message' })).not.toBeInTheDocument();
    show(7);
    expect(log.scrollTop).toBe(500);
  });

  it('resumes following when the user scrolls back to the bottom themselves', () => {
    const { log, show } = setup(3);
    show(5);
    scrollTo(log, 0);
    show(6);
    expect(log.scrollTop).toBe(0);
    scrollTo(log, 400);
    expect(screen.queryByRole('button', { name: 'Aller au dernier message' })).not.toBeInTheDocument();
    show(7);
    expect(log.scrollTop).toBe(500);
  });

  it('stops following when the user wheels up, even before anything scrolls', () => {
    const { log, show } = setup(3);
    show(4);
    act(() => {
      fireEvent.wheel(log, { deltaY: -40 });
    });
    const before = log.scrollTop;
    show(6);
    expect(log.scrollTop).toBe(before);
  });

  it('is a keyboard-reachable, named log of the messages, company on one side and applicant on the other', async () => {
    const user = userEvent.setup();
    const { log } = setup(2);
    await user.tab();
    expect(log).toHaveFocus();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveAttribute('data-direction', 'outbound');
    expect(second).toHaveAttribute('data-direction', 'inbound');
  });
});
