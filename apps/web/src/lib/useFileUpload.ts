import type { VariablesOf } from 'gql.tada';
import { useState } from 'react';
import { useMutation } from 'urql';
import type { UploadProgressState } from '../components/UploadProgress';
import { CreateUploadDestinationMutation } from './api/createUploadDestination';
import { mutationFailure } from './graphqlErrors';
import { uploadFile } from './upload';

/** The server's upload types (its `UploadType` enum). */
export type FileUploadType = VariablesOf<typeof CreateUploadDestinationMutation>['uploadType'];

/** How an importer judges a chosen file before it is sent: its content type, or why it is refused. */
export type FileCheck = (file: File) => { contentType: string } | { problem: string };

/** The stored key of a finished upload, or the sentence that says why it failed. */
export type FileUploadResult = { key: string } | { error: string };

/**
 * Uploads a file for an importer (createUploadDestination, then the presigned POST) with its progress,
 * and resolves with the stored key or with why it failed (the server's words when it gave some). The
 * caller shows the failure: the hook knows nothing of notifications.
 */
export function useFileUpload(uploadType: FileUploadType, check: FileCheck) {
  const [, createUploadDestination] = useMutation(CreateUploadDestinationMutation);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);

  const upload = async (file: File): Promise<FileUploadResult> => {
    const checked = check(file);
    if ('problem' in checked) return { error: checked.problem };
    const { contentType } = checked;
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const result = await createUploadDestination({ key: file.name, uploadType, contentType });
      const payload = result.data?.createUploadDestination;
      const failure = mutationFailure(result, payload);
      if (failure || !payload?.uploadDestination)
        return { error: failure ?? 'The server gave no upload address. Try again.' };
      const { key } = await uploadFile(payload.uploadDestination, file, {
        contentType,
        onProgress: (fraction) => setProgress({ fileName: file.name, percent: Math.round(fraction * 100) }),
      });
      return { key };
    } catch (error) {
      return {
        error:
          error instanceof Error && error.message
            ? `${file.name} could not be uploaded: ${error.message}`
            : `${file.name} could not be uploaded. Try again.`,
      };
    } finally {
      setProgress(null);
    }
  };

  return { upload, progress };
}
