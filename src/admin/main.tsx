/**
 * The back office's entry (admin.html): the admin client over the same origin, the provider and
 * the router under /admin. A client-rendered app: the server sends admin.html for every /admin
 * path (src/server/admin-app.ts) and the app asks GET /api/admin/me first.
 * @module
 */
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createAdminClient } from '../api/admin-client.ts';
import { AdminProvider } from '../hooks/admin/AdminProvider.tsx';
import { AdminApp } from './App.tsx';
import './admin.css';

/** Marks the page as handled by React (html[data-hydrated], as the storefront does), for tests and scripts. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

const root = document.getElementById('admin-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AdminProvider client={createAdminClient({ baseUrl: '' })}>
        <BrowserRouter basename="/admin">
          <AdminApp />
          <HydratedMark />
        </BrowserRouter>
      </AdminProvider>
    </StrictMode>,
  );
}
