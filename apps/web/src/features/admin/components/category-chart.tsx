import type { Analytics } from '@candor/contract/admin';
import { useId } from 'react';
import { categoryWord } from '@/components/report/report-words';
import { intlLocale, useT } from '@/lib/i18n';

/** As in the original product: an 8-colour palette (each distinct and dark enough for white labels). */
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

const SIZE = 200;
const CENTER = SIZE / 2;
const RADIUS = 96;
/** A slice narrower than this keeps its percentage in the table only: the label would not fit. */
const MIN_LABELLED_SHARE = 0.06;

type Slice = { name: string; value: number; share: number; colour: string; start: number };

const percent = (share: number) =>
  new Intl.NumberFormat(intlLocale(), { style: 'percent' }).format(Math.round(share * 100) / 100);

/** The point at `angle` (in turns, from 12 o'clock, clockwise) on a circle of `radius`. */
function point(angle: number, radius: number) {
  const radians = angle * 2 * Math.PI - Math.PI / 2;
  return [CENTER + radius * Math.cos(radians), CENTER + radius * Math.sin(radians)] as const;
}

function slicePath({ start, share }: Slice) {
  const [x1, y1] = point(start, RADIUS);
  const [x2, y2] = point(start + share, RADIUS);
  const largeArc = share > 0.5 ? 1 : 0;
  return `M${CENTER} ${CENTER}L${x1.toFixed(2)} ${y1.toFixed(2)}A${RADIUS} ${RADIUS} 0 ${largeArc} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}Z`;
}

export function slicesOf(analytics: Analytics): Slice[] {
  const entries = Object.entries(analytics.reports_by_category).filter(([, count]) => count > 0);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  let start = 0;
  return entries.map(([category, count], index) => {
    const slice = {
      name: categoryWord(category),
      value: count,
      share: count / total,
      colour: chartPalette[index % chartPalette.length] as string,
      start,
    };
    start += slice.share;
    return slice;
  });
}

/**
 * As in the original product: the category distribution as a pie with percentage labels, drawn as plain SVG
 * (no chart library: bench/README.md, "Web: first load"). The table beside it is the legend
 * and carries every figure, so the drawing itself is hidden from screen readers.
 */
export function CategoryChart({ analytics }: { analytics: Analytics }) {
  const t = useT();
  const captionId = useId();
  const slices = slicesOf(analytics);
  if (slices.length === 0) return <p className="text-muted">{t('admin.chart.none')}</p>;
  // Side by side only when the chart's own box is wide enough: in the dashboard's narrow
  // analytics column the table goes under the pie instead of overflowing it.
  return (
    <div className="@container">
      <figure
        aria-labelledby={captionId}
        className="flex flex-col items-center gap-6 @lg:flex-row @lg:items-start"
      >
        <figcaption id={captionId} className="sr-only">
          {t('admin.analytics.byCategory')}
        </figcaption>
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          width={SIZE}
          height={SIZE}
          aria-hidden="true"
          className="size-52 shrink-0"
          data-testid="category-pie"
        >
          {slices.map((slice) =>
            slice.share === 1 ? (
              <circle key={slice.name} cx={CENTER} cy={CENTER} r={RADIUS} fill={slice.colour} />
            ) : (
              <path
                key={slice.name}
                d={slicePath(slice)}
                fill={slice.colour}
                stroke="#fff"
                strokeWidth={1}
              />
            ),
          )}
          {slices
            .filter((slice) => slice.share >= MIN_LABELLED_SHARE)
            .map((slice) => {
              const [x, y] =
                slice.share === 1
                  ? [CENTER, CENTER]
                  : point(slice.start + slice.share / 2, RADIUS * 0.62);
              return (
                <text
                  key={slice.name}
                  x={x}
                  y={y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fill="#fff"
                  fontSize={14}
                  fontWeight={700}
                >
                  {percent(slice.share)}
                </text>
              );
            })}
        </svg>
        <table className="w-full max-w-sm text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-start text-muted">
              <th scope="col" className="py-2 font-medium">
                {t('admin.chart.category')}
              </th>
              <th scope="col" className="py-2 ps-4 text-end font-medium">
                {t('admin.chart.reports')}
              </th>
              <th scope="col" className="py-2 ps-4 text-end font-medium">
                {t('admin.chart.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {slices.map((slice) => (
              <tr key={slice.name} className="border-b border-slate-100">
                <th scope="row" className="py-2 text-start font-normal">
                  <span className="flex items-center gap-2">
                    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3 shrink-0">
                      <rect width="12" height="12" rx="2" fill={slice.colour} />
                    </svg>
                    {slice.name}
                  </span>
                </th>
                <td className="py-2 ps-4 text-end tabular-nums">{slice.value}</td>
                <td className="py-2 ps-4 text-end tabular-nums">{percent(slice.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
