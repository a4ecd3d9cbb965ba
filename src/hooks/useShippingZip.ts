/**
 * The shopper's ZIP for delivery dates, shipping and tax: the one the shopper entered (kept in the
 * environment's storage under `skimmer.shippingZip`, so every page and later visits know it),
 * else the signed-in customer's default address ZIP.
 * @module
 */
import { useCallback, useSyncExternalStore } from 'react';
import { defaultAddressZip, SHIPPING_ZIP_KEY, shippingZipInput } from '../domain/shipping-view.ts';
import { zip5Of } from '../domain/shipping/destination.ts';
import { useSkimmer } from './context.ts';
import type { StorageLike } from './environment.ts';
import { useAuth } from './useAuth.ts';

/** What {@link useShippingZip} returns. */
export interface ShippingZipApi {
  /** The ZIP5 to quote for, or null while none is known. */
  zip: string | null;
  /** 'saved' (the shopper entered it), 'account' (the default address), or null. */
  source: 'saved' | 'account' | null;
  /**
   * Remembers a ZIP the shopper typed: returns null once stored, or the message to show
   * ('Enter a 5-digit ZIP code.') without storing anything.
   */
  save(text: string): string | null;
}

// the readers of each storage (every hook on the page sees a saved ZIP at once); keyed by the
// environment's storage, so two providers never share them
const readers = new WeakMap<StorageLike, Set<() => void>>();

function readersOf(storage: StorageLike): Set<() => void> {
  let set = readers.get(storage);
  if (!set) readers.set(storage, (set = new Set()));
  return set;
}

/**
 * The shopper's ZIP. The server render and the first browser render read no storage (the page
 * hydrates without a mismatch); the stored ZIP shows from the next render.
 * @example
 * const { zip, save } = useShippingZip();
 * const message = save('92101'); // null: stored
 */
export function useShippingZip(): ShippingZipApi {
  const { environment } = useSkimmer();
  const { storage } = environment;
  const { customer } = useAuth();
  const subscribe = useCallback((onChange: () => void) => {
    const set = readersOf(storage);
    set.add(onChange);
    return () => void set.delete(onChange);
  }, [storage]);
  const stored = useSyncExternalStore(subscribe, () => storage.get(SHIPPING_ZIP_KEY), () => null);
  const saved = zip5Of(stored);
  const account = defaultAddressZip(customer);
  const save = useCallback(
    (text: string) => {
      const input = shippingZipInput(text);
      if (!input.ok) return input.message;
      storage.set(SHIPPING_ZIP_KEY, input.zip);
      for (const reader of [...readersOf(storage)]) reader();
      return null;
    },
    [storage],
  );
  return { zip: saved ?? account, source: saved ? 'saved' : account ? 'account' : null, save };
}
