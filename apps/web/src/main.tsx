import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { allMessagesReady, initI18n, prefetchAllMessages } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { Providers } from '@/app/providers';
import { AppRoutes, preloadSignedIn } from '@/app/router';
import '@/app/styles/global.css';
import '@/app/styles/shell.css';

async function start() {
  const session = getSession();
  // The core texts are asked for first: the first paint waits for them.
  const i18nReady = initI18n('core');
  // Signed in: then the shell's code, the page's code and every other text file, all at once.
  if (session) {
    preloadSignedIn(window.location.pathname, session);
    prefetchAllMessages();
  }
  await i18nReady;
  // Signed in: every feature's texts load beside the shell's code, not after the shell asks for them.
  if (session) allMessagesReady().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole shell at once (Lighthouse counts those blocks as TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
