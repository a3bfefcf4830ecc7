import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { newId } from '../../lib/ids';
import { uploadFile } from '../../lib/upload';
import { CreateTemplateMutation } from './api/createTemplate';
import { CreateUploadDestinationMutation } from '../../lib/api/createUploadDestination';
import { isSvgFile, storedFileUrl, templateNameFromFileName } from './templateFormat';

const SVG_TYPE = 'image/svg+xml';

/** An import under way: the file, what is happening, and how much of the file is sent (0 to 100). */
export interface SvgImportProgress {
  fileName: string;
  stage: 'uploading' | 'saving';
  percent: number;
}

/**
 * Imports an SVG file as a new template: uploads the file (its thumbnail) with progress, then saves
 * the file's text as the template. Every failure is shown in a red notification with the server's words.
 */
export function useSvgImport({ onCreated }: { onCreated?: (template: { id: string }) => void } = {}) {
  const [, createUploadDestination] = useMutation(CreateUploadDestinationMutation);
  const [, createTemplate] = useMutation(CreateTemplateMutation);
  const notify = useNotify();
  const [progress, setProgress] = useState<SvgImportProgress | null>(null);

  const uploadThumbnail = async (file: File): Promise<string | null> => {
    const result = await createUploadDestination({
      key: file.name,
      uploadType: 'TEMPLATE_IMAGE',
      contentType: SVG_TYPE,
    });
    const payload = result.data?.createUploadDestination;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.uploadDestination) {
      notify.error(failure ?? 'The server gave no upload address. Try again.');
      return null;
    }
    try {
      const { key } = await uploadFile(payload.uploadDestination, file, {
        contentType: SVG_TYPE,
        onProgress: (fraction) =>
          setProgress({ fileName: file.name, stage: 'uploading', percent: Math.round(fraction * 100) }),
      });
      return storedFileUrl(key);
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : 'Unknown error');
      return null;
    }
  };

  const importFile = async (file: File | null) => {
    if (!file || progress) return;
    if (!isSvgFile(file)) {
      notify.error(`${file.name} is not an SVG file. Choose a file ending in .svg.`);
      return;
    }
    setProgress({ fileName: file.name, stage: 'uploading', percent: 0 });
    try {
      let templateString: string;
      try {
        templateString = await file.text();
      } catch {
        notify.error(`${file.name} could not be read. Choose the file again.`);
        return;
      }
      const thumbnailUrl = await uploadThumbnail(file);
      if (!thumbnailUrl) return;
      setProgress({ fileName: file.name, stage: 'saving', percent: 100 });
      // One import is one submit: its own key.
      const result = await createTemplate({
        name: templateNameFromFileName(file.name),
        templateString,
        thumbnailUrl,
        idempotencyKey: newId(),
      });
      const payload = result.data?.createProductCatalogTemplate;
      if (notify.mutation(result, payload, 'Template created') && payload?.template)
        onCreated?.(payload.template);
    } finally {
      setProgress(null);
    }
  };

  return { importFile, progress };
}
