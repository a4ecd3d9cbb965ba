import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types
import { checkLayers, checkSource, routeThrows, serverFolderCycles, serverSources } from '../scripts/check-layers.mjs';

describe('the one-way layer rule', () => {
  // parsing every file of src takes a few seconds, more while the suite loads the machine
  test('src has no violation', { timeout: 60_000 }, () => {
    expect(checkLayers(fileURLToPath(new URL('../src', import.meta.url)))).toEqual([]);
  });

  test.each([
    ['domain', 'domain/x.ts', "import { useState } from 'react';"],
    ['domain', 'domain/x.ts', "import { createMachine } from 'xstate';"],
    ['domain', 'domain/x.ts', "import ky from 'ky';"],
    ['domain', 'domain/x.ts', "import { readFileSync } from 'node:fs';"],
    ['domain', 'domain/x.ts', 'export const now = () => Date.now();'],
    ['domain', 'domain/x.ts', 'export const w = () => window.innerWidth;'],
    ['domain', 'domain/x.ts', "import { client } from '../api/client.ts';"],
    ['api', 'api/x.ts', "import { m } from '../machines/cart.machine.ts';"],
    ['machines', 'machines/x.ts', "import { useCart } from '../hooks/useCart.ts';"],
    ['machines', 'machines/x.ts', 'const r = fetch("/api");'],
    ['hooks', 'hooks/x.ts', "import { Card } from '../ui/Card.tsx';"],
    ['server', 'server/x.ts', "import React from 'react';"],
    ['server', 'server/x.ts', "import { App } from '../app/App.tsx';"],
    ['domain', 'domain/x.ts', 'export const later = () => import("../hooks/useCart.ts");'],
    ['domain', 'domain/x.ts', 'export const today = () => new Date();'],
    ['domain', 'domain/x.ts', 'export const t = () => performance.now();'],
    ['domain', 'domain/x.ts', 'export const go = (f: () => void) => setTimeout(f, 1);'],
    ['app', 'app/x.tsx', "import { AdminApp } from '../admin/AdminApp.tsx';"],
    ['admin', 'admin/x.tsx', "import { App } from '../app/App.tsx';"],
    ['server', 'server/modules/orders/service.ts', "import { insertCart } from '../cart/repository.ts';"],
    ['server', 'server/modules/orders/service.ts', "import { cartRoutes } from '../cart/routes.ts';"],
  ])('flags %s importing what it must not: %s', (layer, file, source) => {
    expect(checkSource(layer, file, source)).not.toEqual([]);
  });

  test.each([
    ['domain', 'domain/x.ts', "import { parsePhoneNumber } from 'libphonenumber-js';"],
    ['domain/testing', 'domain/testing/x.ts', "import fc from 'fast-check';"],
    ['api', 'api/x.ts', "import type { Product } from '../domain/entities.ts';"],
    ['server', 'server/x.ts', "import { formatPrice } from '../domain/money.ts';"],
    ['domain', 'domain/x.ts', "// import { useState } from 'react';\nexport const a = 1;"],
    ['domain', 'domain/x.ts', "export const text = \"import x from 'react'\";"],
    ['domain', 'domain/x.ts', 'export const width = (view: { window: number }) => view.window;'],
    ['domain', 'domain/x.ts', 'export const title = (document: { title: string }) => document.title;'],
    ['domain', 'domain/x.ts', 'export const at = (iso: string) => new Date(iso);'],
    ['admin', 'admin/x.tsx', "import { Button } from '../ui/Button.tsx';"],
    ['server', 'server/modules/orders/service.ts', "import { reserve } from '../cart/service.ts';"],
    ['server', 'server/modules/cart/routes.ts', "import { listCart } from './repository.ts';"],
    ['server', 'server/app.ts', "import { cartRoutes } from './modules/cart/routes.ts';"],
  ])('allows %s to import what it may: %s', (layer, file, source) => {
    expect(checkSource(layer, file, source)).toEqual([]);
  });

  test('finds the server folders that import each other, and only those', () => {
    const files = new Map([
      ['server/auth/routes.ts', "import { a } from '../account/service.ts';"],
      ['server/account/service.ts', "import type { S } from '../auth/session.ts';"],
      ['server/modules/cart/service.ts', "import { db } from '../../platform/db/database.ts';"],
      ['server/platform/db/database.ts', "import { x } from '../../search/index.ts';"],
      ['server/app.ts', "import { cart } from './modules/cart/routes.ts'; import { auth } from './auth/routes.ts';"],
    ]);
    expect(serverFolderCycles(files)).toEqual(['account <-> auth']);
  });

  test("finds the throw statements of the modules' route files only", () => {
    const files = new Map([
      ['server/modules/cart/routes.ts', "app.get('/x', async () => {\n  throw new HttpError(404, 'gone');\n});"],
      ['server/modules/cart/sale-price.routes.ts', "try { f(); } catch (e) {\n  throw e;\n}"],
      ['server/modules/cart/admin-routes.ts', "// a throw in a comment is none\nconst s = 'throw x';"],
      ['server/modules/cart/service.ts', "throw new Error('the service may');"],
      ['server/platform/http/routes.ts', "throw new Error('not a module');"],
    ]);
    expect(routeThrows(files)).toEqual(['server/modules/cart/routes.ts:2', 'server/modules/cart/sale-price.routes.ts:2']);
  });

  test('the server has no two folders importing each other and no route file that throws', () => {
    const server = serverSources(fileURLToPath(new URL('../src', import.meta.url)));
    expect(serverFolderCycles(server)).toEqual([]);
    expect(routeThrows(server)).toEqual([]);
  });
});
