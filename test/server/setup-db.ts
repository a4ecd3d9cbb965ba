/**
 * Before and after each test file of the node and server-pg projects (vite.config.ts
 * setupFiles): the test databases a file opened are closed and dropped when it ends, and no file
 * starts with another's still open. Setup files run again before each file even without
 * isolation, where a hook registered by a shared helper module would run for the first file only.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { closeTestDatabases, openTestDatabases } from './db.helpers.ts';

beforeAll(() => {
  // (a file may open some while it is collected, in an async describe: those are its own)
  const here = expect.getState().testPath;
  expect(openTestDatabases().filter((file) => file !== here)).toEqual([]);
});

afterAll(closeTestDatabases);
