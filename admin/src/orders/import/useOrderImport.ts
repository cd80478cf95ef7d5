import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { OrderImportReport } from '@kernel/orders/orderImport';
import { useErrorText } from '../../common/useServerErrors';
import { useNotifyUndoable } from '../../common/useUndoableNotify';
import { answerOf, codeOf } from '../../providers/errorMessages';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';

/** Where an import stands: each step of work says how far it is, for the dialog's progress bar. */
export type ImportStep =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number }
  | { step: 'checking' }
  | { step: 'preview'; report: OrderImportReport }
  | { step: 'importing'; report: OrderImportReport }
  | { step: 'done'; report: OrderImportReport };

/**
 * An order import's steps (docs/order-import.md): the chosen file goes to the server, which answers
 * its preview (upload progress, then checking); on confirmation the same file is imported with the
 * preview's count of valid rows. A refusal is said in the person's language; when the rows checked
 * out otherwise meanwhile (409), the new preview replaces the old one.
 */
export function useOrderImport() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notifyUndoable = useNotifyUndoable();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportStep>({ step: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);

  /** The refusal's text; missing columns are named by their labels, not their keys. */
  const problemText = (error: unknown) => {
    if (codeOf(error) !== 'import_columns_missing') return errorText(error);
    const columns = String(answerOf(error).body.params?.columns ?? '').split(', ')
      .map((field) => translate(`resources.orders.fields.${field}`, { _: field }));
    return translate('order_import.columns_missing', { columns: columns.join(translate('order_import.list_separator')) });
  };

  const check = async (chosen: File) => {
    setState({ step: 'uploading', percent: 0 });
    const report = await dataProvider.importOrders(chosen, undefined, (sent) => setState(
      sent < 1 ? { step: 'uploading', percent: Math.round(sent * 100) } : { step: 'checking' }));
    setState({ step: 'preview', report });
  };

  async function choose(chosen: File) {
    setFile(chosen);
    setProblem(null);
    try {
      await check(chosen);
    } catch (error) {
      setProblem(problemText(error));
      setState({ step: 'choose' });
    }
  }

  async function confirm() {
    if (!file || state.step !== 'preview') return;
    const { report } = state;
    setState({ step: 'importing', report });
    setProblem(null);
    try {
      const done = await dataProvider.importOrders(file, report.valid);
      setState({ step: 'done', report: done });
      if (done.actionId) notifyUndoable('undo.imported', { actionId: done.actionId, messageArgs: { smart_count: done.created ?? 0 } });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource('orders') });
    } catch (error) {
      setProblem(problemText(error));
      if (codeOf(error) === 'import_changed') await check(file).catch(() => setState({ step: 'preview', report }));
      else setState({ step: 'preview', report });
    }
  }

  /** Saves the file's rows with errors, each problem said in the UI's language (the server words them). */
  async function downloadErrors(format: 'xlsx' | 'csv') {
    if (!file) return;
    setProblem(null);
    try {
      const blob = await dataProvider.orderImportErrors(file, format, locale);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${translate('order_import.errors_file')}.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (error) {
      setProblem(problemText(error));
    }
  }

  const reset = () => {
    setFile(null);
    setProblem(null);
    setState({ step: 'choose' });
  };

  return { file, state, problem, choose, confirm, reset, downloadErrors };
}
