import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { connectionMonitor } from './api/index.ts';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { wireApiEvents } from './app/api-wiring.ts';
import { createQueryClient } from './app/query-client.ts';

wireApiEvents();
connectionMonitor.start();

const root = document.getElementById('root');
if (!root) throw new Error('Élément #root introuvable');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
