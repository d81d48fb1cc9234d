import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { connectionMonitor } from './api/index.ts';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { wireApiEvents } from './app/api-wiring.ts';
import { watchModalDialogs } from './app/modal-dialogs.ts';
import { createQueryClient } from './app/query-client.ts';

wireApiEvents();
connectionMonitor.start();

const root = document.getElementById('root');
if (!root) throw new Error('Élément #root introuvable');
watchModalDialogs(root);

// A transition: React renders the first screen in slices of a few milliseconds instead of one long
// task, so that a slow phone keeps answering; the HTML's own loading indicator shows meanwhile.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
