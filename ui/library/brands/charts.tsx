// Small charts drawn with SVG and CSS (no chart library: the bundle stays small). Each has a
// text alternative that says what it shows.
import type { Bar, ShareRow } from './insight-charts';
import { barRowValue, barsEach, barsSummary, percentText, scaleTopText } from './insight-charts';

export function ColumnChart({ title, bars, unit, said, labelEvery = 1 }: { title: string; bars: readonly Bar[]; unit: string; said: (label: string) => string; labelEvery?: number }) {
  const top = Math.max(0, ...bars.map((bar) => bar.value));
  const max = top || 1;
  const width = 100 / bars.length;
  return (
    <figure class="chart">
      {/* Not read again beside the picture, whose words begin with it (the figure, its caption and the picture each said it). */}
      <figcaption aria-hidden="true">{title}</figcaption>
      {/* The scale: the tallest column's count, with what it counts, on a line level with its top (the screen reader hears every count). */}
      {top ? (
        <div class="chart-max" aria-hidden="true">
          {scaleTopText(top)}
        </div>
      ) : null}
      <svg viewBox="0 0 100 44" preserveAspectRatio="none" role="img" aria-label={`${title}. ${barsSummary(bars, unit, said)} ${barsEach(bars, said)}`.trim()}>
        {bars.map((bar, index) => {
          const height = (bar.value / max) * 36;
          return <rect key={index} x={index * width + width * 0.15} y={36 - height} width={width * 0.7} height={height} class="chart-bar" />;
        })}
      </svg>
      <div class="chart-labels" aria-hidden="true">
        {bars.map((bar, index) => (
          <span key={index}>{index % labelEvery === 0 ? bar.label : ''}</span>
        ))}
      </div>
    </figure>
  );
}

/** Rows with a bar each: percentages 0–100, shares of a whole with their count in `unit`s, or with `alone`, counts alone ("34 times"). */
export function BarRows({ title, rows, unit, alone }: { title: string; rows: ReadonlyArray<ShareRow | { label: string; percent: number; value?: number }>; unit?: string; alone?: boolean }) {
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      {/* Nothing counted (no senders, no words): said, not a title over nothing. */}
      {rows.length === 0 ? (
        <p class="muted">None yet.</p>
      ) : (
        <ul class="bar-rows">
          {rows.map((row) => (
            <li key={row.label}>
              <span class="bar-rows-label">{row.label}</span>
              <span class="bar-rows-track" aria-hidden="true">
                <span class="bar-rows-fill" style={{ width: percentText(row.percent) }} />
              </span>
              <span class="bar-rows-value">{barRowValue(row, unit, alone)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
