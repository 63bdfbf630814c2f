import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '@/lib/i18n';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import '@/app/styles/global.css';
import '@/app/styles/shell.css';

async function start() {
  await initI18n('core');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

void start();
