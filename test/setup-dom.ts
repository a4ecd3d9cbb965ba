/**
 * Setup of the jsdom project: Testing Library's findBy and waitFor wait up to 5 s (default 1 s)
 * for what they expect. They return as soon as it holds, so a passing test is no slower; the
 * longer bound keeps a test whose lazy module (the address form's phone and postcode libraries,
 * a page chunk) loads slowly on a busy CI machine from failing for want of time.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
