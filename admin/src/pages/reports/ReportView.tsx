import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import { FetchingBar } from '../../common/FetchingBar';
import { useWithheld } from '../../common/useWithheld';
import { AreaRevenueCard } from './AreaRevenueCard';
import { ChartBesideTable } from './ChartBesideTable';
import { ChoiceSelect, PeriodChoice } from './ReportChoices';
import { ReportCsvButton } from './ReportCsvButton';
import { reportFileName, statisticsUrl, useStatistics } from './reportApi';
import { MONTH_CHOICES, type Dimension, type Granularity, type MonthChoice } from '@kernel/reports/reportChoices';
import type { StatisticsQuery } from '@kernel/reports/reportData';
import { LoadingFailed, NoReportData } from './ReportStates';
import type { ReportViewDef } from './reportViews';
import { SnapshotLine } from './SnapshotLine';
import { StatisticsChart } from './StatisticsChart';
import { StatisticsTable } from './StatisticsTable';
import { SummaryCards } from './SummaryCards';
import { TrendCharts } from './TrendCharts';

/** A remembered choice, back to the default when what was remembered is not offered (any more). */
function useChoice<T>(key: string, choices: readonly T[]): [T, (value: T) => void] {
  const [stored, setStored] = useStore<T>(key, choices[0]);
  return [choices.includes(stored) ? stored : choices[0], setStored];
}

/**
 * One report of the reports centre: its choices, the snapshot line, the chart beside the table and
 * the CSV of exactly what is shown. With `runId` it reads that old snapshot, read-only.
 */
export const ReportView = ({ view, runId }: { view: ReportViewDef; runId?: number }) => {
  const translate = useTranslate();
  const [months, setMonths] = useChoice<MonthChoice>('reports.months', [6, ...MONTH_CHOICES.filter((m) => m !== 6)]);
  const [dimension, setDimension] = useChoice<Dimension>(`reports.${view.key}.dimension`, view.dimensions);
  const [granularity, setGranularity] = useChoice<Granularity>(`reports.${view.key}.granularity`, view.granularities);
  const request: StatisticsQuery = { months, granularity, dimension, runId };
  const { data, error, isFetching } = useStatistics(request);
  const rows = data?.rows ?? [];
  // The money the person may not see is not in the answer: its columns and series are left out, not shown empty.
  const withheld = useWithheld();
  const columns = view.columns.filter((column) => !withheld.has(column));
  return (
    <Stack spacing={2}>
      <SnapshotLine run={data?.run} refreshable={runId === undefined} />
      {view.key === 'overview' && data && rows.length > 0 && <SummaryCards totals={data.totals} />}
      <Card data-testid="report-view" aria-busy={isFetching}>
        <CardHeader title={translate(view.section)} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }}
          action={<ReportCsvButton urlFor={(lang) => statisticsUrl(request, lang)} disabled={!rows.length}
            fileName={reportFileName([view.key, dimension], data?.from ?? '', data?.to ?? '')} />}
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }} />
        <CardContent sx={{ pt: 0 }}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <PeriodChoice value={months} onChange={setMonths} />
            <ChoiceSelect label={translate('reports.choices.dimension')} value={dimension} choices={view.dimensions}
              labelOf={(choice) => translate(`reports.dimensions.${choice}`)} onChange={setDimension} testId="dimension-choice" />
            <ChoiceSelect label={translate('reports.choices.granularity')} value={granularity} choices={view.granularities}
              labelOf={(choice) => translate(`reports.granularities.${choice}`)} onChange={setGranularity}
              testId="granularity-choice" />
          </Stack>
          <FetchingBar fetching={isFetching} mb={1} />
          {error && <LoadingFailed />}
          {data && !error && !rows.length && <NoReportData />}
          {data && !error && rows.length > 0 && (
            <ChartBesideTable
              chart={view.chart === 'trend' ? <TrendCharts data={data} /> : <StatisticsChart data={data} kind={view.chart} />}
              table={<StatisticsTable data={data} columns={columns} label={translate(view.section)} />} />
          )}
        </CardContent>
      </Card>
      {view.key === 'overview' && !withheld.has('saleTotal') && <AreaRevenueCard runId={runId} />}
    </Stack>
  );
};
