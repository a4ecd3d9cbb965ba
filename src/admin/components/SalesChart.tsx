/**
 * The dashboard's sales chart (visx: plain SVG, so it renders the same on the server and in the
 * browser, with no measuring): the revenue of each of the last days as bars, the revenue of the
 * days as far into the period before as a dashed line. The SVG is an image named by the section's
 * heading and described by the summary in words (the domain's salesSummary, shown to everyone);
 * the same numbers are in a table behind a "Show the numbers" disclosure, for screen readers,
 * keyboards and anyone who wants the figures.
 * @module
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useId } from 'react';
import { formatAdminMoney } from '../../domain/admin-orders.ts';
import { axisMoney, changeWords, mayReadSales, percentChange, salesChartRows, salesSummary, shortDate, type SalesReport } from '../../domain/admin-reports.ts';
import { useAdminSales } from '../../hooks/admin/useAdminSales.ts';
import { useAdminSession } from '../../hooks/admin/useAdminSession.ts';
import { ReadError } from './ReadError.tsx';

/**
 * The drawing at two sizes in its own units (the SVG scales to its box's width): the wide one from
 * 700 px up, the narrow one below (admin.css shows one), so the labels stay readable on a phone
 * without measuring the screen (the server renders both the same way).
 */
const SIZES = {
  wide: { width: 960, height: 280, left: 56, labels: 6 },
  narrow: { width: 360, height: 240, left: 46, labels: 3 },
} as const;
const MARGIN = { top: 12, right: 14, bottom: 30 };
const BAR = '#0b5c99';
const BEFORE = '#b4570b';

/** Props of {@link SalesChart}. */
export interface SalesChartProps {
  report: SalesReport;
  /** The id of the heading that names the chart. */
  labelledBy: string;
}

/** The chart, its summary and its table. */
export function SalesChart({ report, labelledBy }: SalesChartProps) {
  const id = useId();
  const rows = salesChartRows(report);
  const n = rows.length;
  const money = (cents: number) => formatAdminMoney(cents, report.currency);
  const revenueChange = percentChange(report.totals.revenueCents, report.totals.previousRevenueCents);
  const ordersChange = percentChange(report.totals.orders, report.totals.previousOrders);
  return (
    <figure className="admin-sales" aria-labelledby={labelledBy}>
      <div className="admin-sales-totals">
        <p><span className="admin-figure-label">Revenue, last {n} days</span> <strong>{money(report.totals.revenueCents)}</strong> <span className="admin-sales-change">{changeWords(revenueChange)}</span></p>
        <p><span className="admin-figure-label">Orders, last {n} days</span> <strong>{report.totals.orders}</strong> <span className="admin-sales-change">{changeWords(ordersChange)}</span></p>
      </div>
      <ul className="admin-sales-legend" aria-hidden="true">
        <li><span className="admin-sales-key admin-sales-key-bar" /> Last {n} days</li>
        <li><span className="admin-sales-key admin-sales-key-line" /> The {n} days before</li>
      </ul>
      {(['wide', 'narrow'] as const).map((size) => (
        <div key={size} className={`admin-sales-plot admin-sales-${size}`}>
          <Plot report={report} size={size} labelledBy={labelledBy} describedBy={`${id}-summary`} />
        </div>
      ))}
      <figcaption id={`${id}-summary`} className="admin-sales-summary">{salesSummary(report)}</figcaption>
      <details className="admin-sales-numbers">
        <summary>Show the numbers</summary>
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Orders and revenue per day">
          <table className="admin-table admin-sales-table">
            <caption className="admin-visually-hidden">Orders and revenue per day, last {n} days and the {n} days before</caption>
            <thead>
              <tr><th scope="col">Day</th><th scope="col">Orders</th><th scope="col">Revenue</th><th scope="col">Day before</th><th scope="col">Orders before</th><th scope="col">Revenue before</th></tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row"><time dateTime={r.date}>{shortDate(r.date)}</time></th>
                  <td>{r.orders}</td>
                  <td>{money(r.revenueCents)}</td>
                  <td>{r.previousDate ? <time dateTime={r.previousDate}>{shortDate(r.previousDate)}</time> : '–'}</td>
                  <td>{r.previousOrders}</td>
                  <td>{money(r.previousRevenueCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row">Total</th><td>{report.totals.orders}</td><td>{money(report.totals.revenueCents)}</td><td /><td>{report.totals.previousOrders}</td><td>{money(report.totals.previousRevenueCents)}</td></tr>
            </tfoot>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The bars and the line at one of the two sizes. */
function Plot({ report, size, labelledBy, describedBy }: { report: SalesReport; size: keyof typeof SIZES; labelledBy: string; describedBy: string }) {
  const { width, height, left, labels } = SIZES[size];
  const rows = salesChartRows(report);
  const n = rows.length;
  const innerW = width - left - MARGIN.right;
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: rows.map((r) => r.date), range: [0, innerW], padding: 0.25 });
  // at least $100 high: an axis of a few cents (a quiet month) would print $0 and $1 over and over
  const top = Math.max(10_000, ...rows.map((r) => Math.max(r.revenueCents, r.previousRevenueCents)));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerH, 0], nice: 4 });
  // a label every few days, today's always
  const every = Math.max(1, Math.ceil(n / labels));
  const ticks = rows.filter((_, i) => (n - 1 - i) % every === 0).map((r) => r.date);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} focusable="false">
      <Group left={left} top={MARGIN.top}>
        {y.ticks(4).map((t) => <line key={t} x1={0} x2={innerW} y1={y(t)} y2={y(t)} stroke="#e3eaf0" />)}
        {rows.map((r) => {
          const h = innerH - (y(r.revenueCents) ?? innerH);
          return <Bar key={r.date} x={x(r.date) ?? 0} y={innerH - h} width={x.bandwidth()} height={h} fill={BAR} data-date={r.date} />;
        })}
        <LinePath
          data={rows}
          x={(r) => (x(r.date) ?? 0) + x.bandwidth() / 2}
          y={(r) => y(r.previousRevenueCents) ?? innerH}
          stroke={BEFORE}
          strokeWidth={2.5}
          strokeDasharray="6 4"
          fill="none"
        />
        <AxisLeft scale={y} numTicks={4} tickFormat={(v) => axisMoney(Number(v), report.currency)} stroke="#8a99a6" tickStroke="#8a99a6"
          tickLabelProps={{ fill: '#3d4a56', fontSize: 13, textAnchor: 'end', dx: -4, dy: 4 }} />
        <AxisBottom top={innerH} scale={x} tickValues={ticks} tickFormat={(d) => shortDate(String(d))} stroke="#8a99a6" tickStroke="#8a99a6"
          tickLabelProps={{ fill: '#3d4a56', fontSize: 13, textAnchor: 'middle' }} />
      </Group>
    </svg>
  );
}

/** The chart's section of the dashboard, asked and shown only for a role that may read it (owner, staff). */
export function DashboardSales() {
  const session = useAdminSession();
  return session.operator && mayReadSales(session.operator.role) ? <SalesSection /> : null;
}

function SalesSection() {
  const sales = useAdminSales();
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="admin-card">
      <h2 id={heading}>Sales, last {sales.data?.days.length ?? 30} days against the {sales.data?.days.length ?? 30} before</h2>
      {sales.status === 'pending' ? <p role="status">Loading the chart…</p> : null}
      {sales.status === 'error' ? <ReadError error={sales.error} what="The sales chart" /> : null}
      {sales.data ? <SalesChart report={sales.data} labelledBy={heading} /> : null}
    </section>
  );
}
