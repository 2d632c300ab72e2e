import type { Analytics } from '@candor/contract/admin';
import { render, screen, within } from '@testing-library/react';
import { CategoryChart, chartPalette } from './category-chart';

function analytics(reports_by_category: Record<string, number>): Analytics {
  const total = Object.values(reports_by_category).reduce((sum, count) => sum + count, 0);
  return {
    total_reports: total,
    reports_by_status: {},
    priority_reports_count: 0,
    anonymous_vs_identified_reports: { anonymous: 0, identified: total },
    reports_by_category,
  } as unknown as Analytics;
}

const pie = () => screen.getByTestId('category-pie');

describe('CategoryChart', () => {
  it('draws one slice per category with reports, in the palette, labelled with its percentage', () => {
    render(
      <CategoryChart analytics={analytics({ abuse: 2, corruption: 1, harassment: 0, other: 1 })} />,
    );
    const slices = pie().querySelectorAll('path');
    expect(slices).toHaveLength(3);
    expect([...slices].map((slice) => slice.getAttribute('fill'))).toEqual(
      chartPalette.slice(0, 3),
    );
    expect([...pie().querySelectorAll('text')].map((label) => label.textContent)).toEqual([
      '50%',
      '25%',
      '25%',
    ]);
    // The half-share slice sweeps exactly half the circle: from 12 o'clock to 6 o'clock.
    expect(slices[0]?.getAttribute('d')).toBe('M100 100L100.00 4.00A96 96 0 0 1 100.00 196.00Z');
  });

  it('gives every figure in a table, the legend, and hides the drawing from screen readers', () => {
    render(<CategoryChart analytics={analytics({ abuse: 3, corruption: 1 })} />);
    expect(screen.getByRole('figure', { name: 'Reports by category' })).toBeInTheDocument();
    expect(pie()).toHaveAttribute('aria-hidden', 'true');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Abuse375%', 'Corruption125%']);
    expect(screen.getByRole('rowheader', { name: 'Abuse' })).toBeInTheDocument();
  });

  it('draws a single category as a whole disc', () => {
    render(<CategoryChart analytics={analytics({ abuse: 0, other: 4 })} />);
    expect(pie().querySelectorAll('path')).toHaveLength(0);
    expect(pie().querySelector('circle')).toHaveAttribute('fill', chartPalette[0]);
    expect(pie().querySelector('text')).toHaveTextContent('100%');
  });

  it('keeps the percentage of a sliver in the table only', () => {
    render(<CategoryChart analytics={analytics({ abuse: 99, other: 1 })} />);
    expect([...pie().querySelectorAll('text')].map((label) => label.textContent)).toEqual(['99%']);
    expect(screen.getByRole('row', { name: /Other/ })).toHaveTextContent('1%');
  });

  it('uses the ninth colour of the palette again for a ninth category', () => {
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, index) => [`kind_${index}`, 1]));
    render(<CategoryChart analytics={analytics(nine)} />);
    const fills = [...pie().querySelectorAll('path')].map((slice) => slice.getAttribute('fill'));
    expect(fills).toEqual([...chartPalette, chartPalette[0]]);
  });

  it('says so when there is nothing to show', () => {
    render(<CategoryChart analytics={analytics({ abuse: 0, corruption: 0 })} />);
    expect(screen.getByText('No reports to display category distribution.')).toBeInTheDocument();
    expect(screen.queryByTestId('category-pie')).not.toBeInTheDocument();
  });
});
