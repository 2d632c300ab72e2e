import type { Analytics } from '@candor/contract/admin';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { humanize } from '@/lib/format';

/** Spec section 9: an 8-colour palette (each distinct and dark enough for white labels). */
export const chartPalette = [
  '#175c59',
  '#a5460f',
  '#1d4ed8',
  '#7e22ce',
  '#b91c1c',
  '#4d7c0f',
  '#a16207',
  '#334155',
];

export function CategoryChart({ analytics }: { analytics: Analytics }) {
  const data = Object.entries(analytics.reports_by_category)
    .filter(([, count]) => count > 0)
    .map(([category, count]) => ({ name: humanize(category), value: count }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  if (total === 0)
    return <p className="text-muted">No reports to display category distribution.</p>;
  return (
    <figure>
      {/* inert: the chart is decoration for sighted readers; the caption below carries the figures. */}
      <div className="h-72 w-full" inert>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              outerRadius="75%"
              isAnimationActive={false}
              label={({ percent }) => `${Math.round((percent ?? 0) * 100)}%`}
            >
              {data.map((entry, index) => (
                <Cell key={entry.name} fill={chartPalette[index % chartPalette.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </div>
      {/* The same figures as text, for screen readers. */}
      <figcaption className="sr-only">
        {data
          .map(
            (entry) =>
              `${entry.name}: ${entry.value} (${Math.round((entry.value / total) * 100)}%)`,
          )
          .join(', ')}
      </figcaption>
    </figure>
  );
}
