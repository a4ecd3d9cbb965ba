/**
 * The listing view (grid or list) the shopper stored.
 * @module
 */
import { useEffect } from 'react';
import { VIEW_STORAGE_KEY } from '../domain/listing.ts';
import { useSkimmer } from './context.ts';
import type { SkimmerEnvironment } from './environment.ts';
import type { ListingActor } from './listing-actor.ts';

/**
 * The view the shopper stored (grid or list), applied once mounted (never during the first
 * render, which must match the server's HTML), and its changes written back.
 * @example useStoredView(actor);
 */
export function useStoredView(actor: ListingActor | undefined): void {
  const { environment } = useSkimmer();
  useEffect(() => (actor ? keepStoredView(actor, environment) : undefined), [actor, environment]);
}

/**
 * {@link useStoredView} for an actor a hook starts in an effect: applies the stored view and
 * writes its changes back until the returned function is called.
 * @example const stop = keepStoredView(actor, environment);
 */
export function keepStoredView(actor: ListingActor, environment: Pick<SkimmerEnvironment, 'storage'>): () => void {
  const stored = environment.storage.get(VIEW_STORAGE_KEY);
  if ((stored === 'list' || stored === 'grid') && actor.getSnapshot().context.view !== stored) actor.send({ type: 'view.changed', view: stored });
  const sub = actor.on('storage.set', ({ key, value }) => environment.storage.set(key, value));
  return () => sub.unsubscribe();
}
