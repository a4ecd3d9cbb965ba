/**
 * A back-office address with no page.
 * @module
 */
import { Link } from 'react-router-dom';

/** The page. */
export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no back-office page at this address. <Link to="/">Go to the dashboard</Link>.</p>
    </>
  );
}
