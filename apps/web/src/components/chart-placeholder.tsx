/**
 * Where a chart goes while its code loads. Charts (recharts, ~100 KB gzip) are fetched when a
 * screen shows one, not with the screen; the placeholder has the chart's height, so nothing below
 * it moves when the chart arrives.
 */
export function ChartPlaceholder({ height }: { height: number | string }) {
  return <div className="chart-placeholder" style={{ height }} aria-busy="true" />;
}
