import { describe, expect, test, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { Customer } from '../../src/domain/entities.ts';
import { STORE_LEAVE_EVENT, STORE_VISIT_EVENT, useVisitTracking, VISIT_NAMESPACE } from '../../src/hooks/useVisitTracking.ts';
import type { Coordinates } from '../../src/hooks/environment.ts';
import { fakeClient, fakeSocket, testEnvironment, wrapper } from './hooks.helpers.tsx';

const SIGNED_IN: Customer = { id: 7, MailingAddresses: [] };
const SEATTLE: Coordinates = { latitude: 47.6, longitude: -122.3 };

function setup(customer: Customer | null, position: Coordinates | null = SEATTLE) {
  const socket = fakeSocket();
  const createSocket = vi.fn(async () => socket);
  const getCurrentPosition = vi.fn(async () => position);
  const env = testEnvironment({ createSocket, geolocation: { getCurrentPosition } });
  const hook = renderHook(({ path, who }) => useVisitTracking(path, who), {
    initialProps: { path: '/', who: customer },
    wrapper: wrapper(fakeClient(), env),
  });
  const visits = () => socket.emitted.filter((e) => e.event === STORE_VISIT_EVENT).map((e) => e.payload);
  return { socket, createSocket, getCurrentPosition, hook, visits };
}

describe('useVisitTracking', () => {
  test('creates one socket to the /customer namespace on mount', async () => {
    const { createSocket, visits } = setup({});
    await waitFor(() => expect(visits()).toHaveLength(1));
    expect(createSocket).toHaveBeenCalledTimes(1);
    expect(createSocket).toHaveBeenCalledWith('/customer');
    expect(VISIT_NAMESPACE).toBe('/customer');
  });

  test('does not ask for geolocation when the customer is empty, and sends null coordinates', async () => {
    const { getCurrentPosition, visits } = setup({});
    await waitFor(() => expect(visits()).toEqual([{ coords: null, requestUrl: '/' }]));
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  test('asks for geolocation when customer data is non-empty and sends the coordinates', async () => {
    const { getCurrentPosition, visits } = setup(SIGNED_IN);
    await waitFor(() => expect(visits()).toEqual([{ coords: SEATTLE, requestUrl: '/' }]));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  test('sends null coordinates when geolocation is denied', async () => {
    const { visits } = setup(SIGNED_IN, null);
    await waitFor(() => expect(visits()).toEqual([{ coords: null, requestUrl: '/' }]));
  });

  test('emits store:visit on each path change, without asking for the position again', async () => {
    const { hook, visits, getCurrentPosition } = setup(SIGNED_IN);
    await waitFor(() => expect(visits()).toHaveLength(1));
    hook.rerender({ path: '/products/pump', who: SIGNED_IN });
    hook.rerender({ path: '/shoppingcart.asp', who: SIGNED_IN });
    await waitFor(() => expect(visits()).toHaveLength(3));
    expect(visits()).toEqual([
      { coords: SEATTLE, requestUrl: '/' },
      { coords: SEATTLE, requestUrl: '/products/pump' },
      { coords: SEATTLE, requestUrl: '/shoppingcart.asp' },
    ]);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });

  test('emits store:leave and disconnects on unmount, and nothing after', async () => {
    const { hook, socket, visits } = setup({});
    await waitFor(() => expect(visits()).toHaveLength(1));
    hook.unmount();
    await waitFor(() => expect(socket.disconnected).toBe(true));
    expect(socket.emitted.at(-1)).toEqual({ event: STORE_LEAVE_EVENT, payload: undefined });
    expect(STORE_LEAVE_EVENT).toBe('store:leave');
  });

  test('a socket that cannot be created turns tracking off without an error', async () => {
    const env = testEnvironment({ createSocket: () => Promise.reject(new Error('offline')) });
    const hook = renderHook(() => useVisitTracking('/', {}), { wrapper: wrapper(fakeClient(), env) });
    await new Promise((r) => setTimeout(r, 0));
    expect(() => hook.unmount()).not.toThrow();
  });
});

describe('useVisitTracking with the shared login state', () => {
  test("without a customer argument it reads the provider's customer and asks for geolocation when it is non-empty", async () => {
    const socket = fakeSocket();
    const getCurrentPosition = vi.fn(async () => SEATTLE);
    const env = testEnvironment({ createSocket: async () => socket, geolocation: { getCurrentPosition } });
    renderHook(() => useVisitTracking('/'), {
      wrapper: wrapper(fakeClient(), env, { initialData: { auth: { user: null, customer: SIGNED_IN }, checkout: null } }),
    });
    await waitFor(() => expect(socket.emitted).toEqual([{ event: STORE_VISIT_EVENT, payload: { coords: SEATTLE, requestUrl: '/' } }]));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
  });
});
