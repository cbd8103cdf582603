import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

/** One day's bars: amounts in minor units. */
export interface SalesBarsDay {
  day: string;
  captured: number;
  refunded: number;
}

/**
 * The home's 30-day bars (issue 11 §4), in a chunk of their own: recharts is most of the home's JavaScript, so the
 * rest of the screen does not wait for it (sales-dashboard.tsx loads it lazily, in a frame of the same height).
 */
export default function SalesBars({
  data,
  labels,
  money,
  tick,
}: {
  data: SalesBarsDay[];
  labels: { captured: string; refunded: string };
  money: (amount: number) => string;
  tick: (amount: number) => string;
}) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      series={[
        { name: 'captured', label: labels.captured, color: 'teal.6' },
        { name: 'refunded', label: labels.refunded, color: 'orange.6' },
      ]}
      valueFormatter={money}
      yAxisProps={{ width: 64, tickFormatter: tick }}
      xAxisProps={{ minTickGap: 12 }}
      tickLine="none"
      gridAxis="x"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      barProps={{ radius: 2 }}
      // Hidden from screen readers (the sentence under it says it all), so the chart must not take focus either:
      // recharts' keyboard layer makes its surface a tab stop (axe: aria-hidden-focus).
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
