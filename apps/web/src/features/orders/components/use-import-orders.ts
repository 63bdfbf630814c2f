import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAllowedUploadExtension } from '@cacifo/contract/limits';
import type { ImportPreview, ImportResult } from '@cacifo/contract/schemas/orders';
import { ApiError, errorMessage } from '@/lib/api-client';
import { say } from '@/lib/feedback';
import { useSingleFlight } from '@/lib/form-submit';
import { runtimeKey } from '@/lib/i18n-keys';
import {
  useImportProgress,
  usePreviewImport,
  useSubmitImport,
  type ImportUpload,
} from '../api/import-orders';
import type { UnmatchedColumns } from './import-mapping';

/**
 * The import page's controller: the file, its preview (read by the column names or mapped by hand),
 * the submission and the server's progress figures.
 */
export function useImportOrders() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const analyse = usePreviewImport();
  const submit = useSubmitImport();
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<UnmatchedColumns | null>(null);
  const [mapped, setMapped] = useState<string[] | null>(null);
  const [progressId, setProgressId] = useState('');
  const running = analyse.isPending || submit.isPending;
  const progress = useImportProgress(progressId, running && progressId !== '');
  const upload = (f: File, cols: string[] | null): ImportUpload => {
    const id = crypto.randomUUID();
    setProgressId(id);
    return { file: f, columns: cols, progressId: id };
  };
  // One submission however fast the clicks: the button only disables after a render.
  const send = useSingleFlight((f: File) => submit.mutateAsync(upload(f, mapped)).then((r) => setResult(r)));
  const field = (f: string) => t(runtimeKey(`orders.fields.${f}`), { defaultValue: f });

  /** What the server found wrong with the file, in words: which columns are missing, for one. */
  const fileProblem = (e: unknown) => {
    const data =
      e instanceof ApiError
        ? (e.data as { reason?: string; missing?: string[]; found?: string[] } | undefined)
        : undefined;
    if (!(e instanceof ApiError) || e.code !== 'invalidFile') return errorMessage(e);
    if (data?.reason === 'missingColumns')
      return t('orders.import.missingColumns', {
        missing: (data.missing ?? []).map(field).join(', '),
        found: (data.found ?? []).join(', ') || '—',
      });
    if (data?.reason === 'tooManyRows') return t('orders.import.tooManyRows');
    if (data?.reason === 'empty') return t('orders.import.emptyFile');
    // Anything else: the bytes are not a spreadsheet of the kind the name says.
    return t('orders.import.unreadable');
  };

  /** Reads the file again with these columns (null: by their names), for the preview. */
  const runPreview = (f: File, cols: string[] | null) => {
    setProblem(null);
    setPreview(null);
    setResult(null);
    analyse.mutate(upload(f, cols), {
      onSuccess: (p) => {
        // Mapped by hand: the mapping stays at hand to change it ("Change columns").
        setUnmatched((u) => (cols && u ? { headers: u.headers, guess: cols } : null));
        setMapped(cols);
        setPreview(p);
      },
      onError: (e) => {
        const data = e instanceof ApiError ? (e.data as Partial<UnmatchedColumns> | undefined) : undefined;
        // Columns the names did not match: the person maps them (the step below).
        if (data?.headers && data.guess) setUnmatched({ headers: data.headers, guess: data.guess });
        else setUnmatched(null);
        setProblem(fileProblem(e));
      },
    });
  };

  /** A CSV with the columns in this language and one example row (UTF-8 with BOM, Excel opens it). */
  const downloadTemplate = () => {
    const header = ['packageId', 'recipientPhone', 'recipientNumber', 'recipientEmail'].map(field);
    const csv = `\uFEFF${header.join(';')}\r\nSGPT000000001;912345678;PRT0001;cliente@exemplo.pt\r\n`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = t('orders.import.templateFile');
    a.click();
    URL.revokeObjectURL(url);
  };

  const pick = (f: File) => {
    setResult(null);
    setPreview(null);
    if (!hasAllowedUploadExtension(f.name)) {
      // Checked before any request: not a mutation's outcome, so said here.
      say('error', t('errors.invalidFileType'));
      return false;
    }
    setFile(f);
    setUnmatched(null);
    setMapped(null);
    runPreview(f, null);
    return false;
  };

  return {
    file,
    preview,
    /** "Change columns": back to the mapping step. */
    changeColumns: () => setPreview(null),
    result,
    errorsOnly,
    setErrorsOnly,
    problem,
    unmatched,
    mapped,
    running,
    analysing: analyse.isPending,
    submitting: submit.isPending,
    progress: progress.data,
    send,
    pick,
    runPreview,
    downloadTemplate,
  };
}
