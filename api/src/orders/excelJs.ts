import type * as ExcelJS from 'exceljs';

/**
 * exceljs, loaded by the first workbook read or written rather than when the server starts: it is
 * a fifth of the API's module graph (0.2 of 0.95 CPU-seconds to load), which a process that never
 * imports or exports a sheet (most test files, most restarts) would pay for nothing.
 */
export const loadExcelJs = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
