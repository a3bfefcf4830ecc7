import { BUILDER_ERRORS, copyName } from '@adloom/template';
import type { ResultOf } from 'gql.tada';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useAppStore } from '../../../app/store/appStore';
import { useNotify } from '../../../app/store/useNotify';
import { CreateUploadDestinationMutation } from '../../../lib/api/createUploadDestination';
import { mutationFailure } from '../../../lib/graphqlErrors';
import { useIdempotencyKey } from '../../../lib/useIdempotencyKey';
import { uploadFile } from '../../../lib/upload';
import { storedFileUrl } from '../../templates';
import { CreateBuilderTemplateMutation } from '../api/createTemplate';
import type { SavedTemplateFields } from '../api/savedTemplate';
import { UpdateTemplateMutation } from '../api/updateTemplate';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { downloadFileName } from '../geometry/file-name';
import { SAVED_THUMBNAIL_TYPE } from '../geometry/images';
import { previewSlotsOf, type ServerPreviewSlot } from '../preview/adGenerationJob';
import { CreateTemplateTagMutation } from '../tags/api';
import { modelSlots, resolveTagIds } from '../tags/tags';
import { runCommand } from '../commands/registry';

/** Sticky: setTimeout's longest delay (about 24 days); a longer one would fire at once. */
const STICKY_MS = 2_147_483_647;

/** A save refused because the template has a newer version than the one edited: who saved which, when. */
export interface SaveConflict {
  versionId: string;
  number: number;
  /** ISO date-time. */
  savedAt: string;
  /** The saver's name; null when unknown. */
  savedBy: string | null;
}

export interface SaveTemplateOptions {
  editor: BuilderEditor;
  /** The template being edited; null for a new one. */
  templateId: string | null;
  /**
   * The version the document was loaded from or last saved as (null for a new template). The server
   * refuses a save when the template's newest version is another one.
   */
  baseVersionId: string | null;
  /** Draws the saved thumbnail (a JPEG of the canvas, at most 1080 on its long side). */
  thumbnail: () => Promise<Blob>;
  onSaved: (
    template: { id: string; templateVersionId: string | null; slots: readonly ServerPreviewSlot[] },
    created: boolean,
  ) => void;
  /** Nothing was saved: the template has a newer version than baseVersionId. */
  onConflict: (conflict: SaveConflict) => void;
}

class SaveFailure extends Error {}

/**
 * Saving (spec sections 5 and 7): check the save rules (their reason is shown), upload a JPEG thumbnail,
 * create the new style tags (one that fails is logged and skipped), then create or update the template
 * with the model's SVG, its slots and its tags; an update may regenerate the feeds that use the template. 'Template created' or 'Template updated' on
 * success; any failure shows the sticky 'Failed to save template' (the cause is logged). An update names
 * the version it edits: when someone saved a newer one, nothing is saved and onConflict is told (no
 * notification, no retry). `asCopy` saves the document as a new template named 'Copy of …' instead.
 */
export function useSaveTemplate({
  editor,
  templateId,
  baseVersionId,
  thumbnail,
  onSaved,
  onConflict,
}: SaveTemplateOptions) {
  const [, createUploadDestination] = useMutation(CreateUploadDestinationMutation);
  const [, createTemplate] = useMutation(CreateBuilderTemplateMutation);
  const [, createTag] = useMutation(CreateTemplateTagMutation);
  const [, updateTemplate] = useMutation(UpdateTemplateMutation);
  const notify = useNotify();
  const { addNotification } = useAppStore();
  const [saving, setSaving] = useState(false);
  // The key of the next new template: a repeated save (two quick Ctrl+S) creates one.
  const createKey = useIdempotencyKey();

  const uploadThumbnail = async (): Promise<string> => {
    const blob = await thumbnail();
    const fileName = downloadFileName(editor.model.name);
    const result = await createUploadDestination({
      key: fileName,
      uploadType: 'TEMPLATE_THUMBNAIL',
      contentType: SAVED_THUMBNAIL_TYPE,
    });
    const payload = result.data?.createUploadDestination;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.uploadDestination) throw new SaveFailure(failure ?? 'No upload address');
    const file = new File([blob], fileName, { type: SAVED_THUMBNAIL_TYPE });
    const { key } = await uploadFile(payload.uploadDestination, file, { contentType: SAVED_THUMBNAIL_TYPE });
    return storedFileUrl(key);
  };

  const createStyleTag = async (key: string): Promise<string> => {
    const result = await createTag({ group: 'STYLE', key });
    const payload = result.data?.createProductCatalogTemplateTag;
    const failure = mutationFailure(result, payload);
    if (failure || !payload?.tagId) throw new Error(failure ?? 'No tag id');
    return payload.tagId;
  };

  const save = async ({
    regenerateFeeds = false,
    asCopy = false,
  }: { regenerateFeeds?: boolean; asCopy?: boolean } = {}) => {
    if (saving) return;
    const check = editor.saveCheck();
    if (!check.ok) {
      notify.error(check.reason);
      return;
    }
    setSaving(true);
    try {
      const thumbnailUrl = await uploadThumbnail();
      const saved = editor.model;
      const creating = templateId === null || asCopy;
      const name = asCopy ? copyName(saved.name) : saved.name;
      const tags = await resolveTagIds(editor.getState().tags, createStyleTag);
      const variables = {
        name,
        templateString: editor.toSvg(name),
        thumbnailUrl,
        slots: modelSlots(saved),
        tags: tags.map((tag) => tag.id),
      };
      let template: ResultOf<typeof SavedTemplateFields> | null | undefined;
      if (creating) {
        const result = await createTemplate({ ...variables, idempotencyKey: createKey.key });
        const payload = result.data?.createProductCatalogTemplate;
        const failure = mutationFailure(result, payload);
        if (failure) throw new SaveFailure(failure);
        template = payload?.template;
        if (template) createKey.renew();
      } else {
        const result = await updateTemplate({ id: templateId, ...variables, regenerateFeeds, baseVersionId });
        const payload = result.data?.updateProductCatalogTemplate;
        const newest = payload?.currentVersion;
        if (payload?.error?.code === 'CONFLICT' && newest) {
          onConflict({
            versionId: newest.id,
            number: newest.number,
            savedAt: String(newest.createdAt),
            savedBy: newest.savedBy ?? null,
          });
          return;
        }
        const failure = mutationFailure(result, payload);
        if (failure) throw new SaveFailure(failure);
        template = payload?.template;
      }
      if (!template) throw new SaveFailure('The server returned no template');
      // Only what was sent is saved: an edit made while saving keeps the document dirty.
      runCommand(editor, 'template-saved', { tags, model: saved });
      notify.success(creating ? BUILDER_ERRORS.templateCreated : BUILDER_ERRORS.templateUpdated);
      onSaved(
        {
          id: template.id,
          templateVersionId: template.templateVersionId ?? null,
          slots: previewSlotsOf(template.slots),
        },
        creating,
      );
    } catch (error) {
      console.error('Saving the template failed:', error);
      addNotification({ message: BUILDER_ERRORS.saveFailed, kind: 'error', disappearAfter: STICKY_MS });
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
