/**
 * The back office's entry (admin.html): the admin client over the same origin, the provider and
 * the router under /admin. The server renders each /admin page (src/admin/entry-server.tsx,
 * src/server/modules/admin/app.ts) with its reads in the page's data block: the app hydrates from them;
 * without a server render the app renders here and asks GET /api/admin/me first.
 * @module
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createAdminClient } from '../api/admin-client.ts';
import { AdminProvider } from '../hooks/admin/AdminProvider.tsx';
import { createReadCache, type DehydratedState } from '../hooks/query/index.ts';
import { AdminApp } from './App.tsx';
import { HydratedMark } from './HydratedMark.tsx';
import './admin.css';

/** The server render's cache (`<script type="application/json" id="admin-data">`), or null for a page the server did not render. */
function serverData(): DehydratedState | null {
  const block = document.getElementById('admin-data');
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

const root = document.getElementById('admin-root');
if (root) {
  const data = serverData();
  const app = (
    <StrictMode>
      <AdminProvider client={createAdminClient({ baseUrl: '' })} queryClient={createReadCache(data ?? undefined)}>
        <BrowserRouter basename="/admin">
          <AdminApp />
          <HydratedMark />
        </BrowserRouter>
      </AdminProvider>
    </StrictMode>
  );
  // the server's HTML is hydrated; a page it did not render (no build of the entry) is rendered here
  if (data) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
