import { useNotify } from '../../app/store/useNotify';
import { type FileCheck, useFileUpload } from '../../lib/useFileUpload';
import { catalogFileContentType, isCatalogFileName } from './catalogFormat';

const checkCatalogFile: FileCheck = (file) =>
  isCatalogFileName(file.name)
    ? { contentType: catalogFileContentType(file.name) }
    : {
        problem: `${file.name} is not a catalogue file. Choose a .csv, .tsv, .txt, .xml, .json, .jsonl or .gz file.`,
      };

/**
 * Uploads a catalogue file to the file store with progress and resolves with its stored key, or null
 * after showing why it failed in a red notification (the server's words when it gave some).
 */
export function useCatalogFileUpload() {
  const notify = useNotify();
  const { upload: uploadChecked, progress } = useFileUpload('CATALOG_FILE', checkCatalogFile);

  const upload = async (file: File): Promise<string | null> => {
    const result = await uploadChecked(file);
    if ('key' in result) return result.key;
    notify.error(result.error);
    return null;
  };

  return { upload, progress };
}
