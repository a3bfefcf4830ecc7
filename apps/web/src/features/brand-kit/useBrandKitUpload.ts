import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { CreateUploadDestinationMutation } from '../../lib/api/createUploadDestination';
import { mutationFailure } from '../../lib/graphqlErrors';
import { uploadFile } from '../../lib/upload';
import { CreateBrandKitItemMutation } from './api/createBrandKitItem';
import { brandKitContext, type BrandKitLimit } from './brandKit';
import {
  FILE_KINDS,
  fileContentType,
  filesThatFit,
  formatBytes,
  KIND_WORDS,
  limitMessage,
  nameFromFileName,
  type FileKind,
} from './brandKitFormat';
import { useBrandKitLoading } from './useBrandKitLoading';
import { newId } from '../../lib/ids';

/** One file on its way into the brand kit: sent (0 to 100), then being checked by the server. */
export interface BrandKitUpload {
  id: number;
  fileName: string;
  percent: number;
  stage: 'uploading' | 'checking';
}

let nextUploadId = 1;

/**
 * Uploads files of one kind into the brand kit: each goes to an upload destination with progress,
 * then createBrandKitItem names its stored key (a font with the user's licence confirmation). Files
 * beyond the kind's limit are refused before anything is sent, with the server's words. Every outcome
 * is a notification.
 */
export function useBrandKitUpload(kind: FileKind, limit: BrandKitLimit) {
  const [, createUploadDestination] = useMutation(CreateUploadDestinationMutation);
  const [, createItem] = useMutation(CreateBrandKitItemMutation);
  const notify = useNotify();
  const loading = useBrandKitLoading();
  const [uploads, setUploads] = useState<BrandKitUpload[]>([]);
  const words = KIND_WORDS[kind][0];

  const update = (id: number, change: Partial<BrandKitUpload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const addOne = async (file: File, legalAgreement: boolean): Promise<void> => {
    const contentType = fileContentType(kind, file.name);
    if (!contentType) {
      notify.error(`${file.name} is not a ${words} file. Choose a ${FILE_KINDS[kind].formats} file.`);
      return;
    }
    if (limit.maxBytes !== null && limit.maxBytes !== undefined && file.size > limit.maxBytes) {
      notify.error(
        `‘${file.name}’ is larger than ${formatBytes(limit.maxBytes)}, the most a ${words} may have.`,
      );
      return;
    }
    const id = nextUploadId++;
    setUploads((list) => [...list, { id, fileName: file.name, percent: 0, stage: 'uploading' }]);
    loading.started(kind);
    try {
      const destination = await createUploadDestination({
        key: file.name,
        uploadType: FILE_KINDS[kind].uploadType,
        contentType,
      });
      const payload = destination.data?.createUploadDestination;
      const failure = mutationFailure(destination, payload);
      if (failure || !payload?.uploadDestination) {
        notify.error(failure ?? 'The server gave no upload address. Try again.');
        return;
      }
      const { key } = await uploadFile(payload.uploadDestination, file, {
        contentType,
        onProgress: (fraction) => update(id, { percent: Math.round(fraction * 100) }),
      });
      update(id, { stage: 'checking', percent: 100 });
      // The stored key holds a cleaned file name; the item is named from the file's own name (a font
      // by the spec's font naming rule, on the server).
      const name =
        kind === 'FONT' ? file.name : Array.from(nameFromFileName(file.name)).slice(0, 100).join('');
      // Each uploaded file is one submit, with its own key.
      const result = await createItem(
        { name, type: kind, fileKey: key, legalAgreement, idempotencyKey: newId() },
        brandKitContext,
      );
      const created = result.data?.createBrandKitItem;
      notify.mutation(
        result,
        created,
        `‘${created?.brandKitItem?.name ?? file.name}’ was added to the brand kit.`,
      );
    } catch (error) {
      notify.error(
        error instanceof Error && error.message
          ? `${file.name} could not be uploaded: ${error.message}`
          : `${file.name} could not be uploaded. Try again.`,
      );
    } finally {
      setUploads((list) => list.filter((upload) => upload.id !== id));
      loading.ended(kind);
    }
  };

  /** Adds the files that fit, one after the other; says so when some do not. */
  const addEach = async (files: readonly File[], options: { legalAgreement?: boolean }) => {
    const { fitting, refused } = filesThatFit(files, limit);
    if (refused > 0) notify.error(limitMessage(kind, limit.maxItems));
    for (const file of fitting) await addOne(file, options.legalAgreement ?? false);
  };
  /** Uploads the files that fit, one after another; a failure is shown in red. */
  const addFiles = (files: readonly File[], options: { legalAgreement?: boolean } = {}) =>
    notify.reportFailure(addEach(files, options));

  return { uploads, addFiles };
}
