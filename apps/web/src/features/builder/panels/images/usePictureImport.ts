import { useMemo } from 'react';
import { useNotify } from '../../../../app/store/useNotify';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import { newLayerPlace } from '../../geometry/viewport';
import type { Size } from '../../geometry/types';
import { createDynamicImageLayer, createImageLayer } from '../../model/index.js';
import { fetchPicture, preparePicture, type PreparedPicture } from './decodePicture';
import {
  PictureError,
  containSize,
  expectedPictureSize,
  notAPictureMessage,
  pictureBox,
  pictureName,
  pictureTypeOf,
} from './imageFiles';
import { runImageImport } from './imageImports';
import { runCommand } from '../../commands/registry';

/** A brand kit logo as the IMAGES tab reads it. */
export interface BrandLogoSource {
  name: string;
  width?: number | null;
  height?: number | null;
  content: {
    filename: string;
    downloadUrl: string;
    thumbnailUrl?: string | null;
    contentType: string;
  };
}

/** The box a logo slot gets: the brand logo's shape inside this square. */
export const LOGO_SLOT_BOX: Size = { width: 300, height: 300 };

function canvasOf(editor: BuilderEditor): Size {
  return { width: editor.model.width, height: editor.model.height };
}

async function downloadPicture(
  url: string,
  fileName: string,
  contentType: string,
  onProgress: (fraction: number) => void,
) {
  const blob = await fetchPicture(url, onProgress);
  const type = pictureTypeOf({ type: blob.type || contentType, name: fileName });
  if (!type) throw new PictureError(notAPictureMessage(fileName));
  return { blob, type };
}

/**
 * Placing pictures on an editor's canvas: files (chosen or dropped), brand kit logos as plain pictures, and
 * the logo slot showing the brand's first logo. Each shows a placeholder while it loads (imageImports.ts)
 * and a notification when it fails.
 */
export function usePictureImport(editor: BuilderEditor) {
  const notify = useNotify();
  return useMemo(() => {
    const onError = (message: string) => notify.error(message);

    /** Places one file, centred on `at` (canvas units) or on the canvas. */
    const importFile = (file: File, at?: { x: number; y: number }) => {
      const type = pictureTypeOf(file);
      if (!type) {
        onError(notAPictureMessage(file.name));
        return Promise.resolve(null);
      }
      const canvas = canvasOf(editor);
      return runImageImport(
        editor,
        {
          name: file.name,
          box: pictureBox(expectedPictureSize(null, canvas), canvas, at),
          load: async (report) => {
            const picture = await preparePicture(file, type, file.name, canvas, (size) =>
              report({ box: pictureBox(size, canvas, at) }),
            );
            return createImageLayer({
              ...pictureBox(picture, canvas, at),
              href: picture.href,
              naturalWidth: picture.width,
              naturalHeight: picture.height,
              data: { name: pictureName(file.name) },
            });
          },
        },
        onError,
      );
    };

    return {
      importFile,

      /** Places files one after the other (each its own undo step). */
      importFiles: async (files: readonly File[], at?: { x: number; y: number }) => {
        for (const file of files) await importFile(file, at);
      },

      /** Places a brand kit logo as a plain picture, at its full size when the canvas has room. */
      importBrandLogo: (logo: BrandLogoSource) => {
        const canvas = canvasOf(editor);
        return runImageImport(
          editor,
          {
            name: logo.name,
            box: pictureBox(expectedPictureSize(logo, canvas), canvas),
            load: async (report) => {
              const { blob, type } = await downloadPicture(
                logo.content.downloadUrl,
                logo.content.filename,
                logo.content.contentType,
                (progress) => report({ progress }),
              );
              const picture = await preparePicture(blob, type, logo.content.filename, canvas, (size) =>
                report({ box: pictureBox(size, canvas) }),
              );
              return createImageLayer({
                ...pictureBox(picture, canvas),
                href: picture.href,
                naturalWidth: picture.width,
                naturalHeight: picture.height,
                data: { name: pictureName(logo.name, 'Logo') },
              });
            },
          },
          onError,
        );
      },

      /**
       * Adds the main logo slot (LOGO_MAIN). With a brand logo, the slot shows it (its thumbnail: the
       * renderer puts the real logo in its place in every ad) in a box of its shape.
       */
      addLogoSlot: (logo: BrandLogoSource | null) => {
        const expected = containSize(
          logo?.width && logo.height ? { width: logo.width, height: logo.height } : LOGO_SLOT_BOX,
          LOGO_SLOT_BOX,
        );
        // Where the other tabs add: centred on the visible canvas, +20, +20 while the last one is there.
        const at = newLayerPlace(expected, editor.workspace.visibleCentre(), editor.model.layers);
        const slotBox = { ...at, ...expected };
        const plainSlot = () => createDynamicImageLayer('LOGO_MAIN', { ...slotBox, data: { name: 'Logo' } });
        if (!logo) {
          runCommand(editor, 'add-layers', { layers: [plainSlot()] });
          return Promise.resolve(null);
        }
        const url = logo.content.thumbnailUrl ?? logo.content.downloadUrl;
        return runImageImport(
          editor,
          {
            name: logo.name,
            box: slotBox,
            load: async (report) => {
              let picture: PreparedPicture;
              try {
                const { blob, type } = await downloadPicture(
                  url,
                  logo.content.filename,
                  logo.content.thumbnailUrl ? 'image/png' : logo.content.contentType,
                  (progress) => report({ progress }),
                );
                picture = await preparePicture(blob, type, logo.content.filename, LOGO_SLOT_BOX);
              } catch (error) {
                // The picture only shows where the logo goes: the slot is what the user asked for.
                console.warn(`The brand logo ${logo.name} could not be shown in the logo slot:`, error);
                return plainSlot();
              }
              return createImageLayer({
                ...at,
                ...containSize(picture, LOGO_SLOT_BOX),
                href: picture.href,
                naturalWidth: picture.width,
                naturalHeight: picture.height,
                data: { name: 'Logo', dynamicLayerType: 'LOGO_MAIN' },
              });
            },
          },
          onError,
        );
      },
    };
  }, [editor, notify]);
}
