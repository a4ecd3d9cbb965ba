/**
 * The back office's shell: the set-password page without a session; otherwise the sign-in page
 * until the operator is signed in, then the navigation and the page of the address.
 * @module
 */
import { useEffect, useRef } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { adminRoleCan } from '../domain/admin-orders.ts';
import { officeRoleCan } from '../domain/admin-office.ts';
import { canEditCatalogue } from '../domain/admin-products.ts';
import { importsRoleCan } from '../domain/admin-imports.ts';
import { useAdminSession } from '../hooks/admin/useAdminSession.ts';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SetPasswordPage } from './pages/SetPasswordPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { ADMIN_ROUTES, PUBLIC_PATHS } from './routes.tsx';

/** The back office. */
export function AdminApp() {
  const location = useLocation();
  if (location.pathname === PUBLIC_PATHS.setPassword) return <SetPasswordPage />;
  return <SignedInShell />;
}

const ROLE_NAMES = { owner: 'Owner', staff: 'Staff', fulfilment: 'Fulfilment' } as const;

function SignedInShell() {
  const session = useAdminSession();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  // a new page moves the focus to its content, as a full page load would for a screen reader
  const first = useRef(true);
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    main.current?.focus();
  }, [location.pathname]);

  if (session.status === 'pending') return <p className="admin-boot" role="status">Loading the back office…</p>;
  if (session.status === 'error') return <p className="admin-boot" role="alert">The back office could not reach the store. Reload the page to try again.</p>;
  if (session.status === 'signedOut' || !session.operator) return <SignInPage />;
  const operator = session.operator;
  const can = adminRoleCan(operator.role);
  const office = officeRoleCan(operator.role);
  return (
    <div className="admin-shell">
      <a className="admin-skip" href="#admin-main">Skip to content</a>
      <header className="admin-header">
        <p className="admin-brand">Skimmer back office</p>
        <nav aria-label="Back office" className="admin-nav">
          <NavLink to="/" end>Dashboard</NavLink>
          <NavLink to="/orders">Orders</NavLink>
          {office.discounts ? <NavLink to="/discounts">Discounts</NavLink> : null}
          {office.customers ? <NavLink to="/customers">Customers</NavLink> : null}
          {office.audit ? <NavLink to="/audit">Audit log</NavLink> : null}
          {canEditCatalogue(operator.role) ? <NavLink to="/products">Products</NavLink> : null}
          {importsRoleCan(operator.role).imports ? <NavLink to="/imports">Imports</NavLink> : null}
          {importsRoleCan(operator.role).operators ? <NavLink to="/operators">Operators</NavLink> : null}
          {can.readMail ? <a href="/admin/mail">Mail</a> : null}
        </nav>
        <div className="admin-who">
          <span>{operator.name || operator.email} <span className="admin-role">({ROLE_NAMES[operator.role]})</span></span>
          <button type="button" className="admin-button admin-button-quiet" onClick={() => void session.signOut()}>Sign out</button>
        </div>
      </header>
      <main id="admin-main" ref={main} tabIndex={-1} className="admin-main">
        <Routes>
          {ADMIN_ROUTES.map((route) => <Route key={route.path} path={route.path} element={route.element} />)}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
    </div>
  );
}
