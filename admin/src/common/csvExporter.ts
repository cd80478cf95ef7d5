import { stringify } from 'csv-stringify/browser/esm/sync';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';

/** Rows as a CSV download, starting with the BOM that makes Excel read Chinese text as UTF-8. */
export function downloadRows(rows: Record<string, unknown>[], filename: string): void {
  downloadCSV(`\uFEFF${stringify(rows, { header: true })}`, filename);
}

/** react-admin's export of the filtered list, with the BOM its default exporter leaves out. */
export const csvExporter: Exporter<RaRecord> = (records, _fetchRelated, _dataProvider, resource) =>
  downloadRows(records, resource ?? 'export');
