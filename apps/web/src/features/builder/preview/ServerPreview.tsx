import type { ServerPreviewSlot } from './adGenerationJob';
import type { PreviewItem } from './previewItem';
import { PreviewSection } from './PreviewSection';
import { ServerPreviewBody } from './ServerPreviewBody';
import { useServerPreview } from './useServerPreview';

/** The picked item generated on the server with the last saved template version. */
export function ServerPreview({
  templateVersionId,
  slots,
  item,
}: {
  templateVersionId: string | null;
  slots: readonly ServerPreviewSlot[];
  item: PreviewItem | null;
}) {
  const { view, retry } = useServerPreview({ templateVersionId, slots, item });
  return (
    <PreviewSection title="Server preview" note="The last saved version, as feeds generate it.">
      <ServerPreviewBody view={view} itemTitle={item?.title || item?.id || ''} onRetry={retry} />
    </PreviewSection>
  );
}
