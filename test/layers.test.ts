import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain ESM script without types
import { checkLayers, checkSource } from '../scripts/check-layers.mjs';

describe('the one-way layer rule', () => {
  test('src has no violation', () => {
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
  ])('flags %s importing what it must not: %s', (layer, file, source) => {
    expect(checkSource(layer, file, source)).not.toEqual([]);
  });

  test.each([
    ['domain', 'domain/x.ts', "import { parsePhoneNumber } from 'libphonenumber-js';"],
    ['domain/testing', 'domain/testing/x.ts', "import fc from 'fast-check';"],
    ['api', 'api/x.ts', "import type { Product } from '../domain/entities.ts';"],
    ['server', 'server/x.ts', "import { formatPrice } from '../domain/money.ts';"],
  ])('allows %s to import what it may: %s', (layer, file, source) => {
    expect(checkSource(layer, file, source)).toEqual([]);
  });
});
