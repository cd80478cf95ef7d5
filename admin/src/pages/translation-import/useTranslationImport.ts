import { useState } from 'react';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import type { ImportReport } from '@kernel/translations/importReport';
import { useErrorText } from '../../common/useServerErrors';
import { useAppDataProvider } from '../../providers/dataProvider';
import { reloadCatalogs } from '../../providers/i18nProvider';
import { FileProblem, readTranslationFile } from '../../translations/translationFile';

export type { ImportReport };

interface ChosenFile {
  name: string;
  rows: unknown[];
}

/**
 * The import's steps: read the chosen file in the browser, let the server preview it (dryRun),
 * then apply it on confirmation and reload the catalogs, so the screens show the new texts.
 */
export function useTranslationImport() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useAppDataProvider();
  const sendImport = (rows: unknown[], dryRun: boolean) => dataProvider.importTranslations(rows, dryRun);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const problemText = (error: unknown) => {
    if (error instanceof FileProblem) return translate(error.messageKey, error.args);
    if (error instanceof HttpError) return errorText(error);
    return translate('translation_import.problems.unreadable');
  };

  async function choose(chosen: File) {
    setBusy(true);
    setApplied(null);
    setReport(null);
    setProblem(null);
    setFile({ name: chosen.name, rows: [] });
    try {
      const rows = readTranslationFile(chosen.name, await chosen.text());
      setFile({ name: chosen.name, rows });
      setReport(await sendImport(rows, true));
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!file) return;
    setBusy(true);
    try {
      const done = await sendImport(file.rows, false);
      await reloadCatalogs();
      notify('translation_import.applied', { type: 'success',
        messageArgs: { added: done.added.length, changed: done.changed.length } });
      setApplied(done);
      setReport(null);
      setFile(null);
    } catch (error) {
      // Texts changed since the preview (or a refusal): show why, and what the file would do now.
      notify('translation_import.refused', { type: 'error', messageArgs: { message: problemText(error) } });
      setReport(await sendImport(file.rows, true).catch(() => null));
    } finally {
      setBusy(false);
    }
  }

  return { file, report, problem, applied, busy, choose, apply };
}
