import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { AdminClient, AdminSession } from '../../src/api/admin-client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { DashboardSales, SalesChart } from '../../src/admin/components/SalesChart.tsx';
import { fillDays, reportDates, salesTotals, type SalesReport } from '../../src/domain/admin-reports.ts';
import { AdminProvider } from '../../src/hooks/admin/AdminProvider.tsx';

const days = fillDays(reportDates('2026-11-27', 30), [
  { date: '2026-11-27', orders: 2, revenueCents: 3500 },
  { date: '2026-11-20', orders: 3, revenueCents: 40_000 },
]);
const previous = fillDays(reportDates('2026-10-28', 30), [{ date: '2026-10-20', orders: 1, revenueCents: 10_000 }]);
const REPORT: SalesReport = { days, previous, totals: salesTotals(days, previous), currency: 'USD', timeZone: 'Europe/Paris' };

const session = (role: AdminSession['operator']['role']): AdminSession => ({
  operator: { id: 1, email: 'o@shop.test', name: 'O', role, totpEnabled: false, hasPassword: true, disabled: false, createdAt: '' },
  csrfToken: 'c',
});

function fakeClient(role: AdminSession['operator']['role'], sales: () => Promise<SalesReport>) {
  const asked: unknown[] = [];
  const client = {
    me: async () => session(role),
    sales: async (query: unknown) => {
      asked.push(query);
      return await sales();
    },
  } as unknown as AdminClient;
  return { client, asked };
}

describe('the dashboard\'s sales chart', () => {
  test('shows the owner the bars of the last 30 days, described in words, with the numbers in a table', async () => {
    const { client, asked } = fakeClient('owner', async () => REPORT);
    render(<AdminProvider client={client}><DashboardSales /></AdminProvider>);
    // the wide and the narrow drawing (the style sheet shows one of them)
    const charts = await screen.findAllByRole('img', { name: 'Sales, last 30 days against the 30 before' });
    expect(charts).toHaveLength(2);
    const chart = charts[0]!;
    expect(asked).toEqual([{ days: 30, tz: expect.any(String) }]);
    const summary = 'Last 30 days: 5 orders, $435.00 revenue (up 335% on the 30 days before: 1 order, $100.00). Best day Nov 20: 3 orders, $400.00.';
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(summary);
    expect(chart.querySelectorAll('rect[data-date]')).toHaveLength(30);
    const table = screen.getByRole('table', { name: 'Orders and revenue per day, last 30 days and the 30 days before' });
    const rows = within(table).getAllByRole('row');
    // the header, 30 days and the totals
    expect(rows).toHaveLength(32);
    expect(within(rows[23]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '$400.00', 'Oct 21', '0', '$0.00']);
    expect(within(rows[23]!).getByRole('rowheader').textContent).toBe('Nov 20');
    expect(within(rows[31]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['5', '$435.00', '', '1', '$100.00']);
    expect(screen.getByText('Show the numbers').closest('details')).not.toBeNull();
  });

  test('asks nothing and shows nothing to the fulfilment role', async () => {
    const { client, asked } = fakeClient('fulfilment', async () => REPORT);
    const { container } = render(<AdminProvider client={client}><DashboardSales /><p>after</p></AdminProvider>);
    await screen.findByText('after');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    expect(container.querySelector('svg')).toBeNull();
  });

  test('says so when the report cannot be read', async () => {
    const { client } = fakeClient('staff', async () => {
      throw new ApiError('x', { kind: 'http', status: 500 });
    });
    render(<AdminProvider client={client}><DashboardSales /></AdminProvider>);
    expect((await screen.findByRole('alert')).textContent).toBe('The sales chart could not be loaded. Reload the page to try again.');
  });

  test('renders its SVG and table on the server', () => {
    const html = renderToString(<SalesChart report={REPORT} labelledBy="h" />);
    expect(html).toContain('<svg');
    expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(2);
    expect(html.match(/<rect[^>]*data-date=/g)).toHaveLength(60);
    expect(html).toContain('<table');
    expect(html).toContain('Nov 27');
  });
});
