/**
 * The product's schema.org structured data in the page (spec section 9). Its rules are a module
 * of their own, loaded once the page is ready (the app waits until it has settled): search
 * engines read the data from the rendered page, and shoppers do not wait for it.
 * @module
 */
import { useEffect, useState } from 'react';
import type { Product } from '../../domain/entities.ts';

/** Props of {@link ProductStructuredData}. */
export interface ProductStructuredDataProps {
  product: Product;
  /** The page's absolute URL. */
  url: string;
  /** The store's return window (store configuration merchantReturnDays). */
  merchantReturnDays: number | null | undefined;
  /** The store's time zone (store configuration appTimeZone). */
  timeZone: string;
  /** The clock (the environment's). */
  now(): number;
  /** Resolves when the data's code may load. @default at once */
  ready?: Promise<unknown>;
}

/**
 * `<script type="application/ld+json">` with `productJsonLd`, once its module has loaded.
 * @example <ProductStructuredData product={product} url={pageUrl} merchantReturnDays={30} timeZone="UTC" now={environment.now} />
 */
export function ProductStructuredData({ product, url, merchantReturnDays, timeZone, now, ready }: ProductStructuredDataProps) {
  const [json, setJson] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.resolve(ready).then(() => import('../../domain/product-json-ld.ts')).then(({ productJsonLd }) => {
      // '<' escaped: the text sits in a script element
      if (live) setJson(JSON.stringify(productJsonLd(product, { now: now(), merchantReturnDays, timeZone, url })).replace(/</g, '\\u003c'));
    });
    return () => {
      live = false;
    };
  }, [product, url, merchantReturnDays, timeZone, now, ready]);
  return json ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} /> : null;
}
