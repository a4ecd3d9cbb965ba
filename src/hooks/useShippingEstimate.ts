/**
 * A shipping estimate (`POST /api/shipping/estimate`) as a value, through the read cache: the
 * quote for some lines and a ZIP, the quote's own refusal (a ZIP it does not know, chemicals to
 * Alaska) as the message to show, or a failure to retry.
 * @module
 */
import type { EstimateShippingRequest } from '../api/shipping.ts';
import { isApiError } from '../api/errors.ts';
import { SHIPPING_TEXT } from '../domain/shipping-view.ts';
import type { ShippingQuote } from '../domain/shipping/quote.ts';
import { useSkimmer } from './context.ts';
import { useRead } from './query/useRead.ts';
import { shippingEstimateRead } from './query/shipping-reads.ts';

/** What {@link useShippingEstimate} returns. */
export interface ShippingEstimateApi {
  /** 'idle' without a request, then 'loading', 'ready', 'refused' (the quote said no) or 'failed'. */
  status: 'idle' | 'loading' | 'ready' | 'refused' | 'failed';
  /** The quote when ready (the last one while a new request is on its way), else null. */
  quote: ShippingQuote | null;
  /** The quote's refusal in its own words, or the failure text; null otherwise. */
  message: string | null;
  /** Asks again (after a failure). */
  retry(): void;
}

/**
 * The estimate of a request, or 'idle' for null (no ZIP yet, nothing to ship); `revision` keys
 * a cart's request by what the cart holds (see shippingEstimateRead). A 4xx answer's
 * `error` is the server's message in the quote's words ('ZIP code 00000 is not a US ZIP code we
 * know. Check it and try again.'), shown as is; anything else reads 'We couldn't check the
 * delivery dates. Try again.'.
 * @example
 * const estimate = useShippingEstimate(zip ? { lines: [{ inventoryLevelId, quantity: 1 }], destination: { zip } } : null);
 * if (estimate.status === 'ready') return <p>{estimate.quote.dates.arrivalText}</p>;
 */
export function useShippingEstimate(request: EstimateShippingRequest | null, revision?: unknown): ShippingEstimateApi {
  const { client } = useSkimmer();
  const read = useRead(shippingEstimateRead(client, request, revision));
  if (!request) return { status: 'idle', quote: null, message: null, retry: read.refetch };
  if (read.status === 'error') {
    const refused = isApiError(read.error) && typeof read.error.status === 'number' && read.error.status >= 400 && read.error.status < 500 && read.error.serverMessage;
    return { status: refused ? 'refused' : 'failed', quote: null, message: refused || SHIPPING_TEXT.failed, retry: read.refetch };
  }
  if (read.status === 'success' && read.data) return { status: 'ready', quote: read.data, message: null, retry: read.refetch };
  return { status: 'loading', quote: null, message: null, retry: read.refetch };
}
