import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { useFileUpload } from '../../lib/useFileUpload';
import { checkAdExportFile } from './adImportFormat';
import { ImportAdPerformanceFileMutation } from './api/importAdPerformanceFile';

/**
 * Imports a chosen Ads Manager export: uploads it (AD_PERFORMANCE_FILE) with progress, then starts the
 * import; each failure is shown in a red notification. `refresh` asks for the imports again once it started.
 */
export function useAdExportImport(refresh: () => void) {
  const [, importAdPerformanceFile] = useMutation(ImportAdPerformanceFileMutation);
  const notify = useNotify();
  const { upload, progress } = useFileUpload('AD_PERFORMANCE_FILE', checkAdExportFile);
  const [starting, setStarting] = useState(false);

  const importFile = async (file: File) => {
    const uploaded = await upload(file);
    if ('error' in uploaded) {
      notify.error(uploaded.error);
      return;
    }
    setStarting(true);
    try {
      const result = await importAdPerformanceFile({ uploadKey: uploaded.key });
      notify.mutation(result, result.data?.importAdPerformanceFile, `${file.name} is being imported.`);
      refresh();
    } finally {
      setStarting(false);
    }
  };

  const onFile = (file: File | null) => {
    if (file && !progress && !starting) notify.reportFailure(importFile(file));
  };

  return { onFile, progress, busy: starting || progress !== null };
}
