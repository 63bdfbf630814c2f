import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { FeedbackHost } from '@/lib/feedback';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import type { SpeechRecognitionLike } from '../lib/speech';
import { VoiceAssistant } from './voice-assistant';

function renderAssistant(username: string) {
  startSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    username,
    name: 'U',
    userRole: 'admin',
    assignedStore: null,
    modules: ['office', 'delivery', 'assets', 'marketplace'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          {/* As in the shell: replies go to the tree's own message holder, which cleanup removes (antd's
              static one would outlive the test and fire its timers after jsdom is gone). */}
          <FeedbackHost />
          <VoiceAssistant />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let recognisers: SpeechRecognitionLike[] = [];
function installFakeRecognition() {
  recognisers = [];
  class Fake {
    lang = '';
    continuous = false;
    interimResults = true;
    maxAlternatives = 5;
    onresult = null;
    onerror = null;
    onend = null;
    start = vi.fn();
    stop = vi.fn();
    abort = vi.fn();
    constructor() {
      recognisers.push(this as unknown as SpeechRecognitionLike);
    }
  }
  vi.stubGlobal('SpeechRecognition', Fake);
}

beforeAll(async () => {
  await initI18n();
  // The assistant is its own lazy chunk; loaded once here (slow on a busy machine), not in a test.
  await import('./voice-controls');
}, 120_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('voice assistant toggle', () => {
  it('is only there for the demo account', async () => {
    installFakeRecognition();
    renderAssistant('admin');
    expect(screen.queryByTestId('voice-toggle')).toBeNull();
    cleanup();
    renderAssistant('demo');
    expect(await screen.findByTestId('voice-toggle')).toBeTruthy();
    // Beside the microphone, the typed command box (a way in without one).
    expect(screen.getByTestId('voice-command-open').getAttribute('aria-label')).toBe('Escrever um comando');
  });

  it('listens in pt-PT while active and stops when toggled off', async () => {
    installFakeRecognition();
    renderAssistant('demo');
    await screen.findByTestId('voice-toggle');
    const toggle = () => screen.getByTestId('voice-toggle');
    expect(toggle().getAttribute('data-state')).toBe('stopped');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('data-state')).toBe('active');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    const rec = recognisers[0]!;
    expect(rec.lang).toBe('pt-PT');
    expect(rec.continuous).toBe(true);
    expect(rec.interimResults).toBe(false);
    expect(rec.start).toHaveBeenCalledTimes(1);
    // The browser ends recognition after a silence: the assistant listens again.
    act(() => rec.onend?.());
    expect(rec.start).toHaveBeenCalledTimes(2);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('data-state')).toBe('stopped');
    expect(rec.abort).toHaveBeenCalled();
  });

  it('an out-of-range door is refused with a message, nothing is called', async () => {
    installFakeRecognition();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAssistant('demo');
    fireEvent.click(await screen.findByTestId('voice-toggle'));
    const result = Object.assign([{ transcript: 'abre a porta vinte' }], { isFinal: true });
    act(() => recognisers[0]!.onresult?.({ resultIndex: 0, results: [result] }));
    await waitFor(() => expect(document.body.textContent).toContain('Porta 20 inválida'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without speech recognition: a notice, not a dead button', async () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    renderAssistant('demo');
    const toggle = await screen.findByTestId('voice-toggle');
    expect(toggle.getAttribute('data-state')).toBe('unsupported');
    fireEvent.click(toggle);
    await waitFor(() => expect(document.body.textContent).toContain('não suporta reconhecimento de voz'));
  });
});
