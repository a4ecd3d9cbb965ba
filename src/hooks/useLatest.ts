/**
 * A ref that always holds the latest value: the actors a hook gives its machine are created once
 * (with the actor), but read the provider's current client and options through this ref, so a
 * new client or a new callback does not restart a machine mid-request.
 * @module
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Keeps `ref.current` equal to the latest `value` after each commit. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
