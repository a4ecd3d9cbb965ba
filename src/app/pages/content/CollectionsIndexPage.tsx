/** Placeholder until the page is built: renders the not-found page. */
export { default } from '../../NotFound.tsx';
