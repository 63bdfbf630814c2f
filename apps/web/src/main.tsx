import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { allMessagesReady, initI18n } from '@/lib/i18n';
import { getSession } from '@/lib/session';
import { AppRoutes } from '@/app/router';
import '@/app/styles/global.css';

async function start() {
  await initI18n('core');
  // Signed in: every feature's texts load beside the shell's code, not after the shell asks for them.
  if (getSession()) allMessagesReady().catch(() => undefined);
  const root = createRoot(document.getElementById('root')!);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking it for the whole shell at once (Lighthouse counts those blocks as TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

void start();
