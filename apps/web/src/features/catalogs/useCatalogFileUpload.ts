import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { uploadFile } from '../../lib/upload';
import { CreateUploadDestinationMutation } from '../../lib/api/createUploadDestination';
import { catalogFileContentType, isCatalogFileName } from './catalogFormat';

/** An upload under way: the file and how much of it is sent (0 to 100). */
export interface CatalogUploadProgress {
  fileName: string;
  percent: number;
}

/**
 * Uploads a catalogue file to the file store with progress and resolves with its stored key, or null
 * after showing why it failed in a red notification (the server's words when it gave some).
 */
export function useCatalogFileUpload() {
  const [, createUploadDestination] = useMutation(CreateUploadDestinationMutation);
  const notify = useNotify();
  const [progress, setProgress] = useState<CatalogUploadProgress | null>(null);

  const upload = async (file: File): Promise<string | null> => {
    if (!isCatalogFileName(file.name)) {
      notify.error(
        `${file.name} is not a catalogue file. Choose a .csv, .tsv, .txt, .xml, .json, .jsonl or .gz file.`,
      );
      return null;
    }
    const contentType = catalogFileContentType(file.name);
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const result = await createUploadDestination({
        key: file.name,
        uploadType: 'CATALOG_FILE',
        contentType,
      });
      const payload = result.data?.createUploadDestination;
      const failure = mutationFailure(result, payload);
      if (failure || !payload?.uploadDestination) {
        notify.error(failure ?? 'The server gave no upload address. Try again.');
        return null;
      }
      const { key } = await uploadFile(payload.uploadDestination, file, {
        contentType,
        onProgress: (fraction) => setProgress({ fileName: file.name, percent: Math.round(fraction * 100) }),
      });
      return key;
    } catch (error) {
      notify.error(
        error instanceof Error && error.message
          ? `${file.name} could not be uploaded: ${error.message}`
          : `${file.name} could not be uploaded. Try again.`,
      );
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { upload, progress };
}
