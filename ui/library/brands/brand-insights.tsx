// A brand's insights as charts; a brand with too few emails says so (404 `no_insights`).
import type { BrandInsights, EmailSummary } from '../../../src/shared/api/library/schemas';
import { plural } from '../../components/count-words';
import { ExternalLink } from '../../components/external-link';
import { BarRows, ColumnChart } from './charts';
import { countRows, dayBars, hourBars, insightsText, overTimeTitle, sendsOverTime, shareRows, whenSaid } from './insight-charts';

export interface BrandInsightsProps {
  insights: BrandInsights;
  /** The brand's emails loaded on its page, and whether older ones are still to load. */
  emails: readonly EmailSummary[];
  moreToLoad: boolean;
  /** How many of the brand's emails the library holds, said above the insights. */
  inLibrary?: number;
}

export function BrandInsightsView({ insights, emails, moreToLoad, inLibrary }: BrandInsightsProps) {
  const { technology, subject_line: subject, content, deliverability } = insights;
  const percentRows = (rows: Array<[string, number]>) => rows.map(([label, percent]) => ({ label, percent }));
  // The insights carry totals, not a series: the weeks come from the capture dates of the emails
  // the page has already loaded (no extra request), and grow as more are loaded.
  const overTime = sendsOverTime(emails.map((email) => email.captured_date), moreToLoad);
  // With more to load, the oldest period is left out (it may be short): the title counts what is drawn.
  const charted = overTime.bars.reduce((sum, bar) => sum + bar.value, 0);
  return (
    <section class="brand-insights" aria-labelledby="brand-insights-title">
      <h3 id="brand-insights-title" tabIndex={-1}>
        Insights
      </h3>
      {/* All the brand sent, as the library counts it: the charts drawn from the emails listed below say so.
          The same count as "N emails in the library" above is not said twice. */}
      <p>
        {insightsText(insights, inLibrary)} <ExternalLink href={insights.dashboard_url}>Its dashboard in the library</ExternalLink>
      </p>
      <div class="chart-grid">
        {overTime.bars.length > 1 ? (
          <ColumnChart
            title={overTimeTitle(overTime.unit, charted, emails.length)}
            bars={overTime.bars}
            unit="sends"
            said={whenSaid[overTime.unit]}
            labelEvery={Math.ceil(overTime.bars.length / 6)}
          />
        ) : null}
        <ColumnChart title="Sends by day of the week" bars={dayBars(insights.send_patterns.by_day_of_week)} unit="sends" said={whenSaid.day} />
        <ColumnChart title="Sends by hour of the day (UTC)" bars={hourBars(insights.send_patterns.by_hour)} unit="sends" said={whenSaid.hour} labelEvery={6} />
        <BarRows title="Email service providers" rows={shareRows(technology.esp_breakdown)} unit="email" />
        <BarRows title="Senders" rows={shareRows(insights.senders.map((sender) => ({ name: sender.from_email, count: sender.count })))} unit="email" />
        <BarRows title="Top words in subject lines" rows={countRows(subject.top_words.map((word) => ({ name: word.word, count: word.count })))} unit="time" alone />
        <BarRows title={`Subject lines: ${plural(Math.round(subject.avg_length), 'character')} on average`} rows={percentRows([['With an emoji', subject.contains_emoji_pct]])} />
        <BarRows
          title="Content and technology"
          rows={percentRows([
            ['Responsive', technology.responsive_pct],
            ['Dark mode', technology.dark_mode_pct],
            ['Outlook-optimised', technology.outlook_opt_pct],
            ['AMP', technology.amp_pct],
            ['Animated GIF', content.animated_gif_pct],
          ])}
        />
        <BarRows
          title="Deliverability"
          rows={percentRows([
            ['SPF pass', deliverability.spf_pass_pct],
            ['DKIM pass', deliverability.dkim_pass_pct],
            ['DMARC pass', deliverability.dmarc_pass_pct],
          ])}
        />
      </div>
    </section>
  );
}
