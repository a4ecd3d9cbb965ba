/**
 * The quick-order pad's only screen. A thin view: every rule (reading lines, matching part
 * numbers, stock and price checks, what can be added) is the package's; this file renders
 * `useQuickOrder` and `useCart` and sends their actions.
 */
import { useId } from 'react';
import { useCart, useQuickOrder, type QuickOrderApi } from 'skimmer/hooks';
import type { QuickOrderRowView } from 'skimmer/machines';

const EXAMPLE = 'SP1600Z2 2\nR0358800, 1\nEC-40-AP x3';

export function QuickOrderApp({ storeName }: { storeName: string }) {
  const pad = useQuickOrder();
  const cart = useCart();
  const padId = useId();
  return (
    <div className="qo">
      <header className="qo-bar">
        <h1>
          <span className="qo-brand">{storeName}</span> Quick order
        </h1>
        <a className="qo-cart-link" href="#cart">
          Cart <span className="qo-badge" aria-label={`${cart.itemCount} items in cart`}>{cart.itemCount}</span>
        </a>
      </header>

      <main className="qo-main">
        <section className="qo-card" aria-labelledby={`${padId}-h`}>
          <h2 id={`${padId}-h`}>1. Paste or type part numbers</h2>
          <p className="qo-hint">One line each: the part number, then the quantity (<code>SP1600Z2 2</code>, <code>R0358800, 1</code>). No quantity means 1.</p>
          <textarea
            id={padId}
            aria-label="Part numbers and quantities"
            className="qo-paste"
            rows={8}
            placeholder={EXAMPLE}
            value={pad.text}
            onChange={(e) => pad.setText(e.target.value)}
          />
          <div className="qo-actions">
            <button type="button" className="qo-primary" disabled={!pad.canRead} onClick={pad.read}>
              Read lines
            </button>
            {pad.truncatedNote && <span className="qo-warn">{pad.truncatedNote}</span>}
          </div>
        </section>

        {pad.rows.length > 0 && <Lines pad={pad} />}

        <section id="cart" className="qo-card" aria-label="Cart">
          <h2>3. Cart</h2>
          {cart.empty ? (
            <p className="qo-hint">Your cart is empty.</p>
          ) : (
            <>
              <ul className="qo-cart">
                {cart.lines.map((line) => (
                  <li key={line.lineItemId}>
                    <span className="qo-part">{line.sku}</span>
                    <span className="qo-title">{line.title}</span>
                    <span>× {line.quantity}</span>
                  </li>
                ))}
              </ul>
              {cart.totals && <p className="qo-total">Subtotal {cart.totals.subtotal}</p>}
            </>
          )}
          <button type="button" className="qo-primary" disabled={!cart.canCheckout} onClick={cart.startCheckout}>
            Checkout
          </button>
        </section>
      </main>
    </div>
  );
}

function Lines({ pad }: { pad: QuickOrderApi }) {
  return (
    <section className="qo-card" aria-label="Lines">
      <h2>2. Check the lines</h2>
      <p className="qo-summary" aria-live="polite">
        {pad.looking ? 'Looking up part numbers…' : `${pad.counts.ready} ready · ${pad.counts.toFix} to fix · ${pad.counts.added} added`}
      </p>
      <ol className="qo-lines">
        {pad.rows.map((row, i) => (
          <Line key={row.id} row={row} index={i} pad={pad} />
        ))}
      </ol>
      <div className="qo-actions">
        <button type="button" className="qo-primary" disabled={!pad.canAddAll} onClick={pad.addAll}>
          {pad.adding ? 'Adding…' : `Add all to cart (${pad.readyTotal})`}
        </button>
        <button type="button" onClick={pad.clear} disabled={pad.adding}>
          Clear lines
        </button>
        {pad.notice && (
          <span className="qo-notice" role="status">
            {pad.notice}
          </span>
        )}
      </div>
    </section>
  );
}

function Line({ row, index, pad }: { row: QuickOrderRowView; index: number; pad: QuickOrderApi }) {
  const errorId = `qo-line-error-${row.id}`;
  return (
    <li className={`qo-line qo-${row.status}`} data-status={row.status}>
      <form
        className="qo-line-edit"
        onSubmit={(e) => {
          e.preventDefault();
          pad.checkRow(row.id);
        }}
      >
        <input
          aria-label={`Line ${index + 1}`}
          aria-invalid={row.needsFix}
          aria-describedby={row.error ? errorId : undefined}
          value={row.text}
          readOnly={!row.editable}
          onChange={(e) => pad.editRow(row.id, e.target.value)}
        />
        {row.editable && row.status !== 'resolved' && <button type="submit">Check</button>}
        {row.editable && (
          <button type="button" aria-label={`Remove line ${index + 1}`} onClick={() => pad.removeRow(row.id)}>
            ×
          </button>
        )}
      </form>
      <span className="qo-status">{row.statusLabel}</span>
      {row.product && (
        <span className="qo-found">
          <span className="qo-title">
            {row.product.title}
            {row.product.variantTitle ? ` (${row.product.variantTitle})` : ''}
          </span>
          <span className="qo-part">{row.product.matchedPartNumber}</span>
          <span>{row.unitPrice} ea.</span>
          <span>{row.stock}</span>
          <strong>{row.lineTotal}</strong>
        </span>
      )}
      {row.error && (
        <span id={errorId} className="qo-error">
          {row.error}
        </span>
      )}
      {row.suggestions.length > 0 && (
        <span className="qo-suggestions">
          Did you mean:{' '}
          {row.suggestions.map((s) => (
            <button key={s.handle} type="button" onClick={() => pad.applySuggestion(row.id, s.partNumber)}>
              {s.partNumber} <small>{s.title}</small>
            </button>
          ))}
        </span>
      )}
    </li>
  );
}
