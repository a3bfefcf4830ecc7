import { Button } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { DesignEditor } from './DesignEditor';
import type { FeedTemplate } from './feed';
import { emptyDesign, warningDesignInputs, type DesignDraft } from './feedDraft';
import { DraftLayerWarnings } from './FeedLayerWarnings';
import type { NewFeedForm } from './newFeedForm';

/**
 * A feed form's designs in order, each with its editor, the button that adds one, and the layers that
 * will vanish in the ads of the form's product set and designs (last: right above the form's submit).
 */
export function DesignList({
  form,
  templates,
  catalogId,
  versionNote,
}: {
  form: NewFeedForm;
  templates: readonly FeedTemplate[] | undefined;
  catalogId: string | null;
  /** What to say of a design's version (an existing design on an older one). */
  versionNote?: (design: DesignDraft) => string | undefined;
}) {
  const { designs, productSetId } = form.getValues();
  const byId = useMemo(
    () => new Map((templates ?? []).map((template) => [template.id, template])),
    [templates],
  );
  return (
    <>
      {designs.map((design, index) => (
        <DesignEditor
          key={design.key}
          form={form}
          index={index}
          count={designs.length}
          templates={templates}
          catalogId={catalogId}
          versionNote={versionNote?.(design)}
        />
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={() => form.insertListItem('designs', emptyDesign(randomId()))}
        w="fit-content"
      >
        Add a design
      </Button>
      <DraftLayerWarnings productSetId={productSetId} designs={warningDesignInputs(designs, byId)} />
    </>
  );
}
